import 'server-only';
import type { ConsentLink } from './model';

/** The consent page a vehicle owner opens from a connect link: plain HTML, no script. */

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f5f7;color:#111827}
main{max-width:32rem;margin:2rem auto;padding:1.5rem;background:#fff;border:1px solid #d1d5db;border-radius:12px}
h1{font-size:1.375rem;line-height:1.3;margin:0 0 .75rem}
p{margin:.5rem 0}
ul{padding-left:1.25rem}
code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;overflow-wrap:anywhere}
.note{color:#374151;font-size:.9375rem}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.5rem}
.actions form{flex:1 1 10rem;margin:0}
button{width:100%;min-height:44px;font:inherit;font-weight:600;border-radius:8px;padding:.625rem 1rem;cursor:pointer;border:2px solid #1d4ed8}
.approve{background:#1d4ed8;color:#fff}
.deny{background:#fff;color:#1d4ed8}
button:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
@media (max-width:480px){main{margin:0;border-radius:0;border-left:0;border-right:0;min-height:100vh}}
@media (prefers-color-scheme:dark){body{background:#0b1120;color:#f3f4f6}main{background:#111827;border-color:#374151}.note{color:#d1d5db}.deny{background:#111827;color:#93c5fd;border-color:#93c5fd}.approve{background:#2563eb;border-color:#93c5fd}}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)} · Vehicle API sandbox</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

const SCOPE_LABELS: Record<string, string> = {
  'vehicle:all': 'All vehicle data and commands',
  'vehicle:information': 'Vehicle information (VIN, registration plate, options, specifications)',
  'vehicle:telemetry': 'Live telemetry (location, charge, odometer)',
  'vehicle:charging_history': 'Charging history',
  'vehicle:commands': 'Remote commands (lock, unlock, charging, climate)',
  'vehicle:driving_behavior': 'Driving behaviour',
  'vehicle:location_history': 'Location history',
  'battery:all': 'All battery data',
  'battery:telemetry': 'Battery telemetry',
  'geofences:all': 'Geofences (read and write)',
  'geofences:read': 'Geofences (read)',
  'geofences:write': 'Geofences (write)',
};

export function renderConsentPage(link: ConsentLink, organizationName: string, actionPath: string): string {
  const scopes = link.scopes.map((s) => `<li>${escapeHtml(SCOPE_LABELS[s] ?? s)} <code>${escapeHtml(s)}</code></li>`).join('');
  const vehicle = link.vin
    ? `<p>Vehicle: <code>${escapeHtml(link.vin)}</code>${link.model ? ` (${escapeHtml(link.model)}${link.modelYear ? `, ${link.modelYear}` : ''})` : ''}</p>`
    : `<p>All vehicles of your ${escapeHtml(link.makes.join(', ') || 'manufacturer')} account${link.region === 'NORTH_AMERICA' ? ' (North America)' : ' (Europe)'}.</p>`;
  const action = escapeHtml(actionPath);
  return page(
    `Connect to ${organizationName}`,
    `<h1>Allow ${escapeHtml(organizationName)} to access your vehicle data?</h1>
<p><strong>${escapeHtml(organizationName)}</strong> asks for access to:</p>
<ul>${scopes}</ul>
${vehicle}
<p class="note">This is the Vehicle API sandbox: no real manufacturer account is involved.</p>
<div class="actions">
<form method="post" action="${action}"><input type="hidden" name="decision" value="approve"><button type="submit" class="approve" aria-label="Approve access for ${escapeHtml(organizationName)}">Approve</button></form>
<form method="post" action="${action}"><input type="hidden" name="decision" value="deny"><button type="submit" class="deny" aria-label="Deny access for ${escapeHtml(organizationName)}">Deny</button></form>
</div>`,
  );
}

export function renderLinkProblemPage(kind: 'expired' | 'used' | 'unknown' | 'failed', detail?: string): string {
  const texts = {
    expired: ['This link has expired', 'Connection links are valid for one hour. Ask the fleet operator for a new link.'],
    used: [
      'This link has already been used',
      'The connection was already approved or denied. Ask the fleet operator for a new link if you need one.',
    ],
    unknown: ['This link is not valid', 'Check that you opened the complete link, or ask the fleet operator for a new one.'],
    failed: ['The connection could not be completed', detail ?? 'Please try again later.'],
  } as const;
  const [title, text] = texts[kind];
  return page(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(text)}</p>`);
}
