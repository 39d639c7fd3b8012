/**
 * Blueprint's compiled CSS hard-codes its blue in about 160 places (tabs, checkboxes, focus
 * rings, links) beside the `--bp-intent-primary-*` variables. This swaps that blue family for the
 * brand greens (Blueprint's own green family) when the CSS is bundled, so "primary" means the brand
 * everywhere without a rule per component. The variables are set in src/app/app.css.
 */
import type { Plugin } from 'vite';

/** Blueprint blue → Blueprint green, shade for shade (hex and the rgb() of each). */
const shades: Array<[string, string, string, string]> = [
  ['#184a90', '#125433', '24, 74, 144', '18, 84, 51'],
  ['#215db0', '#17683f', '33, 93, 176', '23, 104, 63'],
  ['#2d72d2', '#1c7c4d', '45, 114, 210', '28, 124, 77'],
  ['#4c90f0', '#32a467', '76, 144, 240', '50, 164, 103'],
  ['#8abbff', '#72ca9b', '138, 187, 255', '114, 202, 155'],
];

export function rebrandBlueprintCss(css: string): string {
  let out = css;
  for (const [blue, green, blueRgb, greenRgb] of shades)
    out = out.replaceAll(blue, green).replaceAll(`rgba(${blueRgb},`, `rgba(${greenRgb},`);
  return out;
}

export function brandBlueprint(): Plugin {
  return {
    name: 'kobo-brand-blueprint',
    enforce: 'pre',
    transform(code, id) {
      if (!/@blueprintjs\/core\/lib\/css\/blueprint\.css(\?|$)/.test(id)) return null;
      return { code: rebrandBlueprintCss(code), map: null };
    },
  };
}
