// Keeps the page and the solver for offline use. Every file is cached on
// install; a request is answered from the cache when it holds the file, and
// the file is fetched again in the background to refresh the cache, so a new
// build is picked up on the next visit (stale-while-revalidate). Offline,
// the cached files serve.
const CACHE = 'ddtb-page';
const FILES = ['./', 'index.html', 'app.js', 'style.css', 'manifest.webmanifest', 'ddtb/index.js',
  'ddtb/worker.js', 'ddtb/worker-client.js', 'ddtb/ddtb-core.js', 'ddtb/ddtb-core.wasm'];

self.addEventListener('install', (e) => {
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (e) => e.waitUntil(self.clients.claim()));

self.addEventListener('fetch', (e) => {
  if (e.request.method !== 'GET' || new URL(e.request.url).origin !== location.origin) return;
  e.respondWith(caches.open(CACHE).then(async (cache) => {
    const hit = await cache.match(e.request, {ignoreSearch: true});
    const refresh = fetch(e.request).then((response) => {
      if (response.ok) cache.put(e.request, response.clone());
      return response;
    });
    if (hit) {
      refresh.catch(() => {});  // offline: the cached copy is all there is
      return hit;
    }
    return refresh;
  }));
});
