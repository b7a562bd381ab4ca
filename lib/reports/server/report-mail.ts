import 'server-only';
import { csvRow } from '@/lib/csv';
import { coverageSentence, type ReportView } from '@/lib/reports/report';
import type { ScheduleFrequency } from '@/lib/reports/schedule';
import { reportTableCsv } from './export-report';

export type ReportMail = {
  organizationName: string;
  frequency: ScheduleFrequency;
  report: ReportView;
  /** The report's page (absolute), where the schedule is changed or removed, and where a recipient stops receiving it. */
  reportLink: string;
  schedulesLink: string;
  unsubscribeLink: string;
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const one = (value: number) => value.toLocaleString('en', { maximumFractionDigits: 1, minimumFractionDigits: 1 });

function scopeWords(scope: ReportView['scope']): string {
  if (scope.type === 'tag') return `vehicles tagged ${scope.key}=${scope.value}`;
  if (scope.type === 'view') return `vehicles of the saved view ${scope.name ?? ''}`.trimEnd();
  return 'all vehicles';
}

/** The report's per-vehicle table (with the total) as the CSV the Reports page downloads. */
export function reportCsv(report: ReportView): { filename: string; content: string } {
  const { header, rows } = reportTableCsv(report, 'vehicles');
  return { filename: `report-${report.period.key}-vehicles.csv`, content: [header, ...rows].map(csvRow).join('') };
}

/** A scheduled report's mail: the totals in plain text (and HTML), the link to the report, the CSV attached. */
export function reportMailContent(mail: ReportMail): {
  subject: string;
  text: string;
  html: string;
  attachment: { filename: string; content: string; contentType: string };
} {
  const { report } = mail;
  const t = report.total;
  const kind = mail.frequency === 'weekly' ? 'Weekly' : 'Monthly';
  const subject = `[${mail.organizationName}] ${kind} report: ${report.period.label}`;
  const lines: [string, string][] = [
    ['Vehicles', String(t.vehicles)],
    ['Distance', `${one(t.distanceKm)} km`],
    ['Driving time', `${one(t.drivingSeconds / 3600)} h`],
    ['Journeys', String(t.journeys)],
    ['Energy charged', `${one(t.energyChargedKwh)} kWh`],
    ['Charging sessions', String(t.chargingSessions)],
    ...(t.chargingCost !== null && report.currency
      ? [['Charging cost', `${t.chargingCost.toFixed(2)} ${report.currency}`] as [string, string]]
      : []),
    ['Idle days', String(t.idleDays)],
    ['Days without data', String(t.daysWithoutData)],
  ];
  const csv = reportCsv(report);
  const intro = `${kind} report for ${mail.organizationName}, ${report.period.label}, ${scopeWords(report.scope)}.`;
  const text = [
    intro,
    '',
    ...lines.map(([label, value]) => `${label}: ${value}`),
    '',
    coverageSentence(report.coverage),
    '',
    `The report: ${mail.reportLink}`,
    `Per vehicle, with the total: ${csv.filename} (attached)`,
    `Stop sending it to you: ${mail.unsubscribeLink}`,
    `Change the schedule (managers): ${mail.schedulesLink}`,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    '<table>',
    ...lines.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td align="right">${escapeHtml(value)}</td></tr>`),
    '</table>',
    `<p>${escapeHtml(coverageSentence(report.coverage))}</p>`,
    `<p><a href="${escapeHtml(mail.reportLink)}">Open the report</a> · per vehicle in the attached ${escapeHtml(csv.filename)}</p>`,
    `<p><a href="${escapeHtml(mail.unsubscribeLink)}">Stop sending it to you</a> · <a href="${escapeHtml(mail.schedulesLink)}">Change the schedule</a></p>`,
  ].join('');
  return { subject, text, html, attachment: { filename: csv.filename, content: csv.content, contentType: 'text/csv; charset=utf-8' } };
}
