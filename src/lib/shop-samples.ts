// The four sample products (public-site.md §8, admin-area.md §2 Shop): shown when
// the shop cannot be read, on /shop and in the admin's shop manager. Here in
// src/lib so the admin island can use them; src/server/content/defaults.ts
// re-exports them.
export const SAMPLE_SHOP_ITEMS = [
  { id: 'sample-1', name: 'Heimtrikot', price: '45,00 €', image_url: null, external_link: null },
  { id: 'sample-2', name: 'Fanschal', price: '15,00 €', image_url: null, external_link: null },
  { id: 'sample-3', name: 'Kappe', price: '18,00 €', image_url: null, external_link: null },
  { id: 'sample-4', name: 'Trainingsanzug', price: '65,00 €', image_url: null, external_link: null },
] as const;
