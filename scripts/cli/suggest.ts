/** "Did you mean" for flags and commands: protocol's, so spec files and registries suggest the same way. */
export { editDistance, suggest } from '../../protocol/index.js';
