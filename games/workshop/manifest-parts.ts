/** What the four workshop games' entries share: their control set and the common parts of their prompts. */
import { controlSet } from '../../games-manifest/parts.js';

/** WASD top-down plus F as a tap; no mouse axes; 6 steps a chunk. */
export const WORKSHOP_CONTROLS = controlSet({ keys: ['W', 'A', 'S', 'D', 'F'], buttons: [], tapControls: ['F'], mouseAxes: [], chunkSteps: 6 });

/** How items, stations and orders work, in every workshop game. */
export const WORKSHOP_RULES =
  'You carry at most one item at a time. Stand next to a station and tap F to use it (if several stations are next to you, F uses the one you face, i.e. the direction you last moved). ' +
  'A supply crate (brown, labelled with its part) gives you a basic part when your hands are empty. ' +
  'Orders asking for a HIGH-GRADE item need the part upgraded first: tap F at a BENCH (workbench) to put a basic part on it; after a short time it turns High-grade (gold frame), then tap F there again with empty hands to take it. ' +
  'Tap F at the green SUBMIT counter to fill an open order for exactly the item you carry (same part, same grade); the most urgent matching order is filled and its points scored (10 basic, 20 High-grade). ' +
  'An item no order wants is refused at the counter and stays in your hands: tap F at the BIN to throw it away. Orders expire when their time runs out.';

/** What the frame shows, in every workshop game. */
export const WORKSHOP_SCREEN =
  'A top-down view of the workshop: floor tiles, dark walls, and stations with their labels (crates named by their part, BENCH, SUBMIT, BIN). ' +
  'Your character is the disc with a yellow ring and the tag YOU; the small white dot shows which way it faces; a carried item is drawn on it as a coloured square with the part initial (gold frame = High-grade). ' +
  'The station F would use now is outlined in white. The top bar shows the time left and the points. ' +
  'The right panel lists the open orders, most urgent first: part name, BASIC or HIGH-GRADE, points, seconds left and a time bar. ' +
  'The bottom bar shows what you carry, what F would do now (e.g. "F: SUBMIT GEAR") and the result of your last F.';

/** How the keys move and act, in every workshop game. */
export const WORKSHOP_KEYS =
  'W moves up the screen, S down, A left, D right (hold two for a diagonal); each 120 ms step moves about 0.6 of a tile. ' +
  'F is a tap: put F in a step to interact once at the start of that step. There is no mouse; the mouse numbers must be 0.';
