import StudioPolicy from '#policies/studio_policy'

/** Filled in by the owner of its area (issue 5). */
export default class NotificationPolicy extends StudioPolicy {}
