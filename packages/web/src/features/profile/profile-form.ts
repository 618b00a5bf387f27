import { passwordSchema, profileUpdateSchema, type ProfileUpdate, type User } from '@zaplecze/contract';
import { z } from 'zod';
import { blankOr, requireOldPassWithNewPass, requirePasswordsMatch } from '@web/features/users/user-form';

/** What the profile form holds; the password fields stay empty unless the password changes. */
export interface ProfileFormValues {
  name: string;
  email: string;
  tel: string;
  oldPass: string;
  pass: string;
  passRepeat: string;
}

const { name, email, tel, oldPass } = profileUpdateSchema.shape;

/** The contract's profile rules; a new password is optional, must be repeated and needs the old one. */
export function profileFormSchema(): z.ZodType<ProfileFormValues, ProfileFormValues> {
  return z
    .object({ name, email, tel, oldPass: oldPass.unwrap(), pass: blankOr(passwordSchema), passRepeat: z.string() })
    .superRefine((v, ctx) => {
      requirePasswordsMatch(v, ctx);
      requireOldPassWithNewPass(v, ctx);
    });
}

export function profileFormDefaults(user: Pick<User, 'name' | 'email' | 'tel'> | undefined): ProfileFormValues {
  return {
    name: user?.name ?? '',
    email: user?.email ?? '',
    tel: user?.tel ?? '',
    oldPass: '',
    pass: '',
    passRepeat: '',
  };
}

/** PUT /profile: name, e-mail and phone always; the new password only if entered, with the old one. */
export function buildProfileUpdate(v: ProfileFormValues): ProfileUpdate {
  const body: ProfileUpdate = { name: v.name, email: v.email, tel: v.tel };
  if (v.pass !== '') {
    body.pass = v.pass;
    body.oldPass = v.oldPass;
  }
  return body;
}
