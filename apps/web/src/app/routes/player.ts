/** The player screens, one lazily loaded chunk for the Control Panel's player area. */
export { AchievementsPage } from '../../features/player/pages/achievements-page';
export { BankAccountsPage } from '../../features/player/pages/bank-accounts-page';
export { CouponsPage } from '../../features/player/pages/coupons-page';
export { InventoryPage } from '../../features/player/pages/inventory-page';
export { LicensesPage } from '../../features/player/pages/licenses-page';
export { ProfilePage } from '../../features/player/pages/profile-page';
export { SkillsPage } from '../../features/player/pages/skills-page';
export { SkinsPage } from '../../features/player/pages/skins-page';
export { VehiclePage } from '../../features/player/pages/vehicle-page';
export { VehiclesPage } from '../../features/player/pages/vehicles-page';
export { WeaponSkillsPage } from '../../features/player/pages/weapon-skills-page';
