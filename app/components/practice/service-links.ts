/** The My Services page's address and form intents, shared by the route and its dialogs. */

export const SERVICES_PATH = '/practitioner/services'
export const CREATE_SERVICE_INTENT = 'create-service'
export const UPDATE_SERVICE_INTENT = 'update-service'
export const DELETE_SERVICE_INTENT = 'delete-service'
