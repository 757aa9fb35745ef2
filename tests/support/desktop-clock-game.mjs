// A window-less stand-in for a desktop game, run by the desktop driver in tests: it prints its own clock
// (performance.now(), which libfaketime fakes) every 50 ms, and GAME OVER once that clock passes
// $CLOCK_GAME_END_MS, so tests can read the game's own time and see the log probe end an episode.
const start = performance.now();
const endAt = Number(process.env.CLOCK_GAME_END_MS ?? '0');
process.stdout.write('READY\n');
setInterval(() => {
  const t = Math.round(performance.now() - start);
  process.stdout.write(`clock ${t}\n`);
  if (endAt > 0 && t >= endAt) process.stdout.write('GAME OVER\n');
}, 50);
