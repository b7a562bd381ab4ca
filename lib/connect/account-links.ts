/** Console addresses of a connected account and of its vehicles (the vehicle list filtered by account). */
export function accountLinks(org: string, accountId: string) {
  const filter = JSON.stringify({ field: 'metadata.accountId', operator: '==', value: accountId });
  return {
    account: `/o/${org}/accounts/${encodeURIComponent(accountId)}`,
    vehicles: `/o/${org}/vehicles?${new URLSearchParams({ filter })}`,
  };
}
