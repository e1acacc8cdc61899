// The only script a content page carries (DESIGN.md §3): registers the service worker and
// shows the offline notice. Kept tiny and dependency-free; its CSP hash is computed once.
export const SHELL_SCRIPT = `(()=>{const n=document.getElementById('offline-notice');const u=()=>{if(n)n.hidden=navigator.onLine};addEventListener('online',u);addEventListener('offline',u);u();if('serviceWorker'in navigator)addEventListener('load',()=>navigator.serviceWorker.register('/service-worker.js').catch(e=>console.log('service worker:',e&&e.message)))})()`;
