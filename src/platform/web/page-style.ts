/**
 * The one stylesheet of the server's pages, served at PAGE_STYLESHEET_PATH: system fonts, one
 * narrow column that fits a 320 px phone (inputs and buttons full width, long words broken),
 * no images. Plain CSS: no page needs a framework.
 */
export const PAGE_STYLESHEET_PATH = '/static/pages.css';

export const PAGE_STYLESHEET = `*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
[hidden]{display:none!important}
body{margin:0;background:#f4f5f7;color:#1f2328;font:16px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif}
main{max-width:30rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.12);overflow-wrap:anywhere}
@media (max-width:32rem){main{margin:0;border-radius:0;box-shadow:none;min-height:100vh}}
header.realm{color:#59636e;font-size:.9rem;margin-bottom:.5rem}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 1rem}
p{margin:0 0 1rem}
label{display:block;font-weight:600;margin:1rem 0 .25rem}
input[type=email],input[type=password],input[type=text]{display:block;width:100%;padding:.6rem .7rem;font:inherit;border:1px solid #8c959f;border-radius:6px}
input:focus,button:focus,a:focus{outline:3px solid #7aa7e8;outline-offset:1px}
button,.button{display:inline-block;width:100%;margin-top:1.25rem;padding:.7rem 1rem;font:inherit;font-weight:600;color:#fff;background:#2f6fd0;border:0;border-radius:6px;text-align:center;text-decoration:none;cursor:pointer}
button:hover,.button:hover{background:#255bb0}
.hint{color:#59636e;font-size:.9rem;margin-top:.25rem}
.error{color:#a40e26;background:#ffebe9;border:1px solid #ffc1c0;border-radius:6px;padding:.6rem .75rem}
.notice{background:#ddf4ff;border:1px solid #a8d8f0;border-radius:6px;padding:.6rem .75rem}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9em;overflow-wrap:anywhere}
footer{margin-top:1.5rem;color:#59636e;font-size:.85rem}
`;
