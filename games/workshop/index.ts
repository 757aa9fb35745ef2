/** workshop: the shared engine of the top-down order games (solo_craft, midline_clash, shared_floor, handoff_run). */
export { defineWorkshopGame } from './define-game.js';
export { WorkshopSimulation } from './simulation.js';
export { WorkshopState, WorkshopItemState } from './state.js';
export { Rules as WorkshopRules } from './rules.js';
export { itemLabel, type Item } from './items.js';
export { parseLayout, type Layout, type StationKind, type StationSpec } from './layout.js';
export { scheduleOrders, type Order, type OrderPlan } from './orders.js';
export type { WorkshopGameSpec, WorkshopRegime, WorkshopVariant } from './variant.js';
export { workshopPerception } from './perception.js';
