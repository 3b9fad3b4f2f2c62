/** Design images that a user shared with the gallery, as admins see them (see shared-design-file.ts). */
export const adminFileUrl = (key: string) => `/api/admin/files/${key}`;
