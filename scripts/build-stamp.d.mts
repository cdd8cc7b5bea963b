/** Whether dist/ under `root` was built, whole, from the sources there now. */
export declare const isBuildFresh: (root: string) => boolean
