/** Australian Business Numbers: the check the ATO publishes, and the way invoices write them. */

const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];

/** Whether `value` (spaces allowed) is a valid ABN: 11 digits whose weighted sum, first digit less one, divides by 89. */
export function isAbn(value: string): boolean {
  const digits = value.replace(/\s/g, "");
  if (!/^\d{11}$/.test(digits)) return false;
  const sum = [...digits].reduce((acc, d, i) => acc + (Number(d) - (i === 0 ? 1 : 0)) * (weights[i] as number), 0);
  return sum % 89 === 0;
}

/** "51 824 753 556": an ABN as the ATO writes it. */
export function formatAbn(value: string): string {
  const d = value.replace(/\s/g, "");
  return d.length === 11 ? `${d.slice(0, 2)} ${d.slice(2, 5)} ${d.slice(5, 8)} ${d.slice(8)}` : value;
}
