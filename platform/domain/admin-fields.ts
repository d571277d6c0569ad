import { z } from "zod";

/** Fields of the ops console's rule inputs, with the messages the admin API answers. */

/** A whole number from `min` to `max`. */
export const whole = (min: number, max: number) =>
  z
    .number({ required_error: "is required", invalid_type_error: "must be a number" })
    .int("must be a whole number")
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);
