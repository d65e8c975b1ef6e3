/**
 * Password rules: 10 to 128 characters, never truncated, and not one of the passwords attackers
 * try first. The list holds common passwords long enough to pass the length rule, plus patterns.
 */

export const passwordMinLength = 10;
export const passwordMaxLength = 128;

const common = new Set(
  `1234567890 0123456789 12345678910 123456789a 1234567890a 1q2w3e4r5t 1q2w3e4r5t6y 1qaz2wsx3edc
  qwertyuiop qwertyuiop1 qwerty1234 qwerty12345 qwerty123456 asdfghjkl1 asdfghjkl; zxcvbnm123
  password12 password123 password1234 password12345 passw0rd123 p@ssword123 p@ssw0rd123 password01
  passwordpassword iloveyou12 iloveyou123 iloveyou1234 letmein123 letmein1234 welcome123 welcome1234
  welcome2024 welcome2025 welcome2026 adminadmin admin12345 admin123456 administrator changeme123
  sunshine12 sunshine123 princess12 princess123 football12 football123 baseball123 basketball
  monkey12345 dragon12345 master12345 superman12 superman123 batman1234 starwars12 starwars123
  trustno1234 abcdefghij abcdefg123 abcd123456 abc1234567 aaaaaaaaaa 1111111111 0000000000
  1234512345 1234554321 9876543210 0987654321 11223344556 1122334455 qazwsxedcr qazwsxedc123
  australia1 australia123 adelaide123 melbourne1 sydney1234 password2024 password2025 password2026
  summer2024 summer2025 winter2024 spring2025 autumn2025 football2024 liverpool1 chelsea123
  computer123 internet123 whatever123 trustme123 secret1234 secret12345 mypassword mypassword1
  newpassword newpassword1 qwertyqwerty zaq12wsxcde 1234qwerty 12345qwert 123qweasdzxc`.split(/\s+/),
);

/** True when `password` is a well-known or trivially guessable password. */
export function isCommonPassword(password: string): boolean {
  const p = password.toLowerCase();
  if (common.has(p)) return true;
  if (/^(.)\1+$/.test(p)) return true; // one character repeated
  if (/^(.{1,4})\1+$/.test(p)) return true; // a short pattern repeated ("abcabcabcabc")
  if ("01234567890123456789".includes(p) || "98765432109876543210".includes(p)) return true; // a digit run
  if ("abcdefghijklmnopqrstuvwxyz".includes(p) || "qwertyuiopasdfghjklzxcvbnm".includes(p)) return true;
  return false;
}
