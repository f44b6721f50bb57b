import { EMBED_MESSAGE } from './embed';

/**
 * The loader host pages include once beside our iframes (`/embed.js`, under 2 KB; ours,
 * since the common resize library is GPL or paid). It listens for the height our widgets
 * post, believes only messages from the origin it was loaded from, finds the frame by the
 * window that sent the message (so several widgets on one page resize on their own), and
 * sets that frame's height. Without it the iframe keeps the height the snippet gives it.
 */
export const EMBED_LOADER = `(function(){if(window.__matchdayEmbed)return;window.__matchdayEmbed=1;var o=new URL(document.currentScript.src).origin;addEventListener("message",function(e){var d=e.data;if(e.origin!==o||!d||d.type!==${JSON.stringify(EMBED_MESSAGE)})return;var h=Math.ceil(Number(d.height));if(!(h>0&&h<1e5))return;var f=document.getElementsByTagName("iframe");for(var i=0;i<f.length;i++)if(f[i].contentWindow===e.source){f[i].style.height=h+"px";f[i].setAttribute("scrolling","no")}})})();
`;
