/** A minimal well-formedness check: tags balance, attributes are quoted, text has no bare < or &. */
export function checkWellFormedXml(xml: string): { elements: Array<{ name: string; attrs: Record<string, string>; text: string }> } {
  const elements: Array<{ name: string; attrs: Record<string, string>; text: string }> = [];
  const stack: Array<{ name: string; attrs: Record<string, string>; text: string }> = [];
  const tag = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>|<\?xml[^>]*\?>/y;
  let i = 0;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const text = xml.slice(i, lt === -1 ? xml.length : lt);
    if (/&(?!(#\d+|#x[0-9a-fA-F]+|amp|lt|gt|quot|apos);)/.test(text)) throw new Error(`bare & in text near ${i}`);
    if (stack.length > 0) stack[stack.length - 1]!.text += text;
    else if (text.trim() !== '') throw new Error(`text outside the root element near ${i}`);
    if (lt === -1) break;
    tag.lastIndex = lt;
    const m = tag.exec(xml);
    if (m === null) throw new Error(`malformed tag near ${lt}: ${xml.slice(lt, lt + 60)}`);
    i = tag.lastIndex;
    if (m[2] === undefined) continue;
    const [, close, name, rawAttrs, selfClose] = m;
    if (close === '/') {
      const open = stack.pop();
      if (open?.name !== name) throw new Error(`</${name}> closes <${open?.name}>`);
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const a of (rawAttrs ?? '').matchAll(/([\w:.-]+)="([^"]*)"/g)) attrs[a[1]!] = a[2]!;
    const el = { name: name!, attrs, text: '' };
    elements.push(el);
    if (selfClose !== '/') stack.push(el);
  }
  if (stack.length > 0) throw new Error(`unclosed <${stack[stack.length - 1]!.name}>`);
  return { elements };
}
