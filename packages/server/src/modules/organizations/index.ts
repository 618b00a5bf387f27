/** Organisation rows (the tenants); no routes of its own. */
export { organizationsRepository, toOrganization } from './organizations.repository';
export { updateOrganization, type SellerOptions } from './organizations.update';
