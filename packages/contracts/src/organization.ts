import { z } from 'zod';
import { isoDateTimeSchema, uuidSchema } from './common.js';

export const organizationSchema = z.object({
  id: uuidSchema,
  name: z.string().min(1).max(200),
  dateCreated: isoDateTimeSchema,
});
export type Organization = z.infer<typeof organizationSchema>;
