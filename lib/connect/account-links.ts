/** Console addresses of a connected account and of its vehicles (the vehicle list filtered by account). */
export function accountLinks(org: string, accountId: string) {
  const filter = JSON.stringify({ field: 'metadata.accountId', operator: '==', value: accountId });
  return {
    account: `/o/${org}/accounts/${encodeURIComponent(accountId)}`,
    vehicles: `/o/${org}/vehicles?${new URLSearchParams({ filter })}`,
  };
}

/** The Connect page's form pre-filled to renew an account's (or one of its vehicles') connection; `addMissing` also asks for the scopes found missing. */
export function reconnectHref(org: string, target: { accountId: string; vehicleId?: string | null; addMissing?: boolean }): string {
  const query = new URLSearchParams({ account: target.accountId });
  if (target.vehicleId) query.set('vehicle', target.vehicleId);
  if (target.addMissing) query.set('add', 'missing');
  return `/o/${org}/connect?${query}`;
}
