/** The web app's router: `#/` live, `#/match/ID`, `#/runs` (`?filter=...`), `#/run/ID`, `#/jobs`, `#/job/KIND/ID` (KIND singular or plural). */
import { token } from './api.js';
import { jobPage, jobsPage } from './jobs-page.js';
import { livePage } from './live-page.js';
import { matchPage } from './match-page.js';
import { replayPage } from './replay-page.js';
import { runsPage } from './runs-page.js';
import './style.css';

let leave: () => void = () => undefined;

function route(): void {
  token();
  leave();
  const root = document.getElementById('app')!;
  root.replaceChildren();
  const parts = location.hash.replace(/^#\/?/, '').replace(/\?.*$/, '').split('/').filter(Boolean).map(decodeURIComponent);
  const [page, a, b] = parts;
  if (page === 'match' && a) leave = matchPage(root, a);
  else if (page === 'runs') leave = runsPage(root);
  else if (page === 'run' && a) leave = replayPage(root, a);
  else if (page === 'jobs') leave = jobsPage(root);
  else if (page === 'job' && a && b) leave = jobPage(root, a, b);
  else leave = livePage(root);
}

window.addEventListener('hashchange', route);
route();
