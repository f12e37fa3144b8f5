import { canOpenApplication } from '@campus/domain-iam';
import { applicationPath, applications } from '../areas/manifests';
import { isMenuCollapsed } from './preferences.server';
import type { CurrentUser } from '@campus/api-contract';
import type { ShellData } from './shell';

/** The header, menu and launcher data of every signed-in page, for `user`. */
export async function shellDataFor(request: Request, user: CurrentUser): Promise<ShellData> {
  return {
    user: {
      _id: user._id,
      firstName: user.firstName,
      lastName: user.lastName,
      avatar: user.avatar,
      email: user.email,
      adminScopes: [...user.adminScopes],
      iamAdmin: user.iamAdmin,
    },
    applications: applications().map((a) => ({
      code: a.code,
      name: a.name,
      description: a.description,
      path: applicationPath(a.code),
      isAllowed: canOpenApplication(user, a.code),
    })),
    isMenuCollapsed: await isMenuCollapsed(request),
    unreadNotifications: user.unreadNotifications,
  };
}
