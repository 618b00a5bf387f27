/** Organisation rows (the tenants); no routes of its own. */
export { organizationsRepository, toOrganization } from './organizations.repository';
