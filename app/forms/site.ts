// The shell's own forms (SPEC §2, §4): sign-out, the maintenance notice, the age gate and the
// terms. Each action parses its form with its schema here (docs/ACTIONS.md); a return address
// is any string, checked as a path of ours where it is followed (safeReturnPath, decision 025).
import { z } from "zod";

export const logoutForm = z.object({ returnTo: z.string().optional(), reason: z.string().max(20).optional() });

export const maintenanceNoticeForm = z.object({ returnTo: z.string().optional() });

export const ageGateForm = z.object({
  returnTo: z.string().optional(),
  remember: z.literal("1").optional(),
});

/** Accepting the terms posts nothing but its CSRF token. */
export const confirmTermsForm = z.object({});

/** A blocked bettor's appeal (SPEC §2 block-appeal-history): one message. */
export const blockAppealForm = z.object({ message: z.string().trim().min(10).max(2000) });
