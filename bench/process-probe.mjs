// Bench-only preload (`node --import ./bench/process-probe.mjs ...`, passed through NODE_OPTIONS by the
// load bench): samples the event loop's delay and the resident set size of the process it is loaded
// into and writes them to PROBE_FILE once a second and on exit, so no bench code lives in the app.
// SIGUSR2 starts a new measuring window (the load phase), leaving start-up and seeding out of it.
// Event-loop lag is the timer's delay beyond the sampling resolution (as @fastify/under-pressure reports it).
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

const RESOLUTION_MS = 10;
const file = process.env.PROBE_FILE;
// NODE_OPTIONS preloads run in worker threads too (the pixel threads): only the main thread's event loop
// serves requests, and only it may write the process's figures.
if (file && isMainThread) {
  const window = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  window.enable();
  let windowStarted = Date.now();
  let peakRss = process.memoryUsage.rss();
  // The main thread's garbage-collection pauses in the window: how many, their sum and the longest.
  let gc = { count: 0, totalMs: 0, maxMs: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc = { count: gc.count + 1, totalMs: gc.totalMs + entry.duration, maxMs: Math.max(gc.maxMs, entry.duration) };
    }
  }).observe({ entryTypes: ['gc'] });
  /** @param {number} ns */
  const lagMs = (ns) => Math.max(0, ns / 1e6 - RESOLUTION_MS);
  const write = () => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
    const figures = {
      pid: process.pid,
      windowSeconds: (Date.now() - windowStarted) / 1000,
      samples: window.count,
      lagP50Ms: window.count ? lagMs(window.percentile(50)) : 0,
      lagP99Ms: window.count ? lagMs(window.percentile(99)) : 0,
      lagMaxMs: window.count ? lagMs(window.max) : 0,
      peakRssBytes: peakRss,
      gcCount: gc.count,
      gcTotalMs: gc.totalMs,
      gcMaxMs: gc.maxMs,
      rssBytes: process.memoryUsage.rss(),
    };
    writeFileSync(file, JSON.stringify(figures));
  };
  setInterval(write, 1000).unref();
  // RSS between the one-second samples: a cheap poll at 100 ms.
  setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 100).unref();
  // PROBE_CPU_PROFILE=<file.cpuprofile>: a CPU profile of the first PROBE_CPU_PROFILE_SECONDS (20) of the window.
  const profile = () => {
    const session = new Session();
    session.connect();
    session.post('Profiler.enable', () =>
      session.post('Profiler.start', () =>
        setTimeout(
          () =>
            session.post('Profiler.stop', (error, result) => {
              if (!error && process.env.PROBE_CPU_PROFILE) writeFileSync(process.env.PROBE_CPU_PROFILE, JSON.stringify(result.profile));
              session.disconnect();
            }),
          Number(process.env.PROBE_CPU_PROFILE_SECONDS ?? 20) * 1000,
        ).unref(),
      ),
    );
  };
  process.on('SIGUSR2', () => {
    if (process.env.PROBE_CPU_PROFILE) profile();
    window.reset();
    windowStarted = Date.now();
    peakRss = process.memoryUsage.rss();
    gc = { count: 0, totalMs: 0, maxMs: 0 };
    write();
  });
  process.on('exit', write);
}
