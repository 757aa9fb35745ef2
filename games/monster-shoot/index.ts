/** monster_shoot: shoot down tough monsters before they reach you and self-detonate. */
export { monsterShootGame } from './game.js';
export { MonsterShootSimulation } from './simulation.js';
export { MonsterShootState, MonsterShootMonsterState, MonsterShootBlockState } from './state.js';
export { Rules as MonsterShootRules } from './rules.js';
export { VARIANTS as MONSTER_SHOOT_VARIANTS, type MonsterShootVariant, type Block as MonsterShootBlock } from './variants.js';
