import { expect, test } from "bun:test";
import {
  canChangeReferralStatus,
  newReferralCode,
  normaliseReferralCode,
  referralChangeRefusal,
  referralCodePattern,
  referralReward,
  referralStatusChanges,
  referralStatuses,
} from "./referral";

test("codes are 8 readable characters in two groups", () => {
  for (let i = 0; i < 200; i++) expect(newReferralCode()).toMatch(referralCodePattern);
  expect(newReferralCode(() => new Uint8Array(8))).toBe("AAAA-AAAA");
});

test("typed or linked codes are normalised", () => {
  expect(normaliseReferralCode("k7qx m4pd")).toBe("K7QX-M4PD");
  expect(normaliseReferralCode("K7QX-M4PD")).toBe("K7QX-M4PD");
  expect(normaliseReferralCode("K7QX-M4P")).toBeNull();
  expect(normaliseReferralCode("O0O0-I1I1")).toBeNull();
  expect(normaliseReferralCode(undefined)).toBeNull();
});

test("$30 for the first service, $10 for each later one, nothing for one's own", () => {
  expect(referralReward({ referrerId: "r", bookerId: "b", earlierRewardedBookings: 0 })).toEqual({ amount: 30, type: "first_service" });
  expect(referralReward({ referrerId: "r", bookerId: "b", earlierRewardedBookings: 1 })).toEqual({ amount: 10, type: "repeat_service" });
  expect(referralReward({ referrerId: "r", bookerId: "b", earlierRewardedBookings: 25 })).toEqual({ amount: 10, type: "repeat_service" });
  expect(referralReward({ referrerId: "b", bookerId: "b", earlierRewardedBookings: 0 })).toBeNull();
  expect(referralReward({ referrerId: null, bookerId: "b", earlierRewardedBookings: 0 })).toBeNull();
});

test("a pending reward can be paid or voided; paid and void are final", () => {
  expect(canChangeReferralStatus("pending", "paid")).toBe(true);
  expect(canChangeReferralStatus("pending", "void")).toBe(true);
  for (const to of referralStatuses) {
    expect(canChangeReferralStatus("paid", to)).toBe(false);
    expect(canChangeReferralStatus("void", to)).toBe(false);
  }
  expect(canChangeReferralStatus("pending", "pending")).toBe(false);
  expect(Object.keys(referralStatusChanges).sort()).toEqual([...referralStatuses].sort());
});

test("a refused change names the reward's status", () => {
  expect(referralChangeRefusal("pending", "paid")).toBeNull();
  expect(referralChangeRefusal("pending", "void")).toBeNull();
  expect(referralChangeRefusal("paid", "paid")).toBe("This reward is already paid: only a pending reward can be paid.");
  expect(referralChangeRefusal("paid", "void")).toBe("This reward is already paid: only a pending reward can be voided.");
  expect(referralChangeRefusal("void", "paid")).toBe("This reward is void: only a pending reward can be paid.");
});
