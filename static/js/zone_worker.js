// The browser's time zone, asked off the page's main thread (zone.js): making the first
// Intl.DateTimeFormat costs a slow phone ~100 ms (4x CPU throttling, bench/bench_phone.py),
// which a tap on the page would wait behind.
postMessage(Intl.DateTimeFormat().resolvedOptions().timeZone || "");
