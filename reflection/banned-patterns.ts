/**
 * The default map-memorising patterns a skill may not contain. A skill should teach how to play the game,
 * not replay one map: references to specific features by position or order, exact score triggers, timestamps
 * and coordinates all fit one layout and seed, and break on held-out variants. Patterns are case-insensitive.
 */

/** A banned pattern as data: regular expression source, flags, stable id and the reason told to the reflector. */
export interface BannedPatternSpec {
  readonly id: string;
  readonly pattern: string;
  readonly flags: string;
  readonly description: string;
}

const ORDINAL = String.raw`(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|\d+(?:st|nd|rd|th))`;
const FEATURE = String.raw`(?:platform|tile|step(?!s?\s+of\s+(?:the|each|a|every|your|an)\s+(?:chunk|answer|action))|stair|row|column|gap|ledge|pillar|obstacle|checkpoint|room|door|corridor|corner|pipe|block|bridge|island|lane|wave)`;
const NUMBER = String.raw`-?\d+(?:\.\d+)?`;

/** The patterns every curve uses unless its settings give others. */
export const DEFAULT_BANNED_PATTERNS: readonly BannedPatternSpec[] = [
  {
    id: 'ordinal-feature',
    pattern: String.raw`\b${ORDINAL}\s+${FEATURE}s?\b`,
    flags: 'i',
    description: 'refers to a specific platform, tile, step or other map feature by its order ("the third platform"); describe how to recognise it instead',
  },
  {
    id: 'numbered-cell',
    pattern: String.raw`\b(?:row|col|column|tile|cell|platform|lane|square)\s*(?:#|no\.?|number)?\s*\d+\b(?!\s*(?:m|metres|meters|tiles|seconds|s)\b)`,
    flags: 'i',
    description: 'names a map cell by its number ("tile 5", "row 3"); positions differ between maps and variants',
  },
  {
    id: 'exact-score',
    pattern: String.raw`\b(?:score|progress|reward)\b[^.\n]{0,24}?(?:\bof|=|>=|<=|>|<|≥|≤|\breach(?:es|ed)?|\bhits?|\bat|\babove|\bbelow|\bover|\bunder|\bexceeds?)\s*[~≈]?\s*${NUMBER}\s*%?|\b${NUMBER}\s*%?\s+(?:progress|score|points)\b`,
    flags: 'i',
    description: 'ties behaviour to an exact score or progress value; react to what is on screen instead',
  },
  {
    id: 'timestamp',
    pattern: String.raw`\bt\s*=\s*${NUMBER}|\b${NUMBER}\s*(?:s|sec|secs|seconds)\s+into\s+(?:the\s+)?(?:episode|game|run|round|match|level)\b|\bat\s+(?:the\s+)?\d+(?:st|nd|rd|th)\s+second\b`,
    flags: 'i',
    description: 'scripts actions to a moment of one episode ("at t=40s"); episodes differ by seed and variant',
  },
  {
    id: 'coordinates',
    pattern: String.raw`\(\s*${NUMBER}\s*,\s*${NUMBER}(?:\s*,\s*${NUMBER})?\s*\)`,
    flags: 'i',
    description: 'gives map coordinates as a tuple ("(4, 7)"); layouts differ between maps and variants',
  },
  {
    id: 'spawn-position',
    pattern: String.raw`\b(?:spawn(?:s|ed|ing)?(?:\s+(?:point|position|location|tile|spot|cell))?|start(?:ing)?\s+(?:point|position|location|tile|spot|cell|coordinates?))(?:\s+(?:is|at|on|in)\b|\s*[=:])[^.;,\n]{0,30}?\d`,
    flags: 'i',
    description: 'memorises where the player starts; the start differs between maps and variants',
  },
];
