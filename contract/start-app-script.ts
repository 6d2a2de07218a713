/**
 * The one inline script of the built HTML pages (scripts/prerender-pages.ts writes it, the server's
 * Content-Security-Policy allows exactly it by its hash). A page rendered at build time is readable
 * before any script runs, so its app (entry module, the modules it imports, the full stylesheet) is
 * asked for only once the page has been painted: on a slow line those downloads would otherwise
 * share the first round trips with the page's own bytes and hold its first paint back. The file
 * names come from the script element's data attributes, so the text (and its hash) never changes
 * from one build to the next. A page opened in a background tab paints nothing, so it starts at once.
 *
 * A form sent before the app has started (a login typed and tapped on a slow phone) would reload
 * the page and lose the tap: the script keeps it instead (`document.earlySubmit`) and starts the
 * app at once; the form's own code sends it as soon as it is live, with what was typed in it
 * (src/lib/light-form.ts, src/lib/early-submit.ts).
 */
export const START_APP_SCRIPT = [
  '(()=>{',
  'const d=document,s=d.currentScript.dataset,list=(v)=>(v||"").split(" ").filter(Boolean);',
  'const add=([tag,props])=>d.head.appendChild(Object.assign(d.createElement(tag),{crossOrigin:""},props));',
  'const queue=[...list(s.styles).map((href)=>["link",{rel:"stylesheet",href}]),["script",{type:"module",src:s.entry}],',
  '...list(s.modules).map((href)=>["link",{rel:"modulepreload",href}])];',
  // A few tags per task: starting a download costs the main thread a little, and forty at once
  // would hold a tap for a noticeable moment on a slow phone. A hidden tab takes them all at once.
  'const step=()=>{queue.splice(0,d.visibilityState==="hidden"?queue.length:4).forEach(add);if(queue.length)setTimeout(step);};',
  'let started=false;',
  'const start=()=>{if(!started){started=true;step();}};',
  // Two frames: the first runs just before the page is painted, the second after it.
  'if(d.visibilityState==="hidden")start();',
  'else requestAnimationFrame(()=>requestAnimationFrame(()=>setTimeout(start)));',
  'd.addEventListener("visibilitychange",()=>{if(d.visibilityState==="hidden")start();});',
  // A form that can wait for the app (data-early-tap, until the app takes it over) is kept, not
  // sent; stopped on its way too, so that nothing but the app sends it, and only once.
  'd.addEventListener("submit",(e)=>{const f=e.target;if(f.dataset&&"earlyTap" in f.dataset){e.preventDefault();e.stopPropagation();d.earlySubmit=f;start();}},true);',
  '})()',
].join('');

/** The data attributes START_APP_SCRIPT reads. */
export interface StartAppFiles {
  entry: string;
  modules: string[];
  styles: string[];
}
