/** The service-pricing table as first shipped (docs/product.md#prices). */
import type { servicePricing } from "../schema";

type SeedPrice = Omit<typeof servicePricing.$inferInsert, "updatedAt">;

export const seedPricing: SeedPrice[] = [
  {
    id: "checkup", kind: "package", name: "Discreet Check Up", price: "75.00", unit: "once",
    duration: "Same day", durationMinutes: 60, sortOrder: 1,
    description: "Find out who is at a location. We attend discreetly, identify who is there and report back the same day.",
    features: ["Real delivery to location", "Photo documentation", "Person identification", "Activity verification", "Detailed report"],
  },
  {
    id: "partner", kind: "package", name: "Partner Check", price: "295.00", unit: "once",
    duration: "One day (8-hour surveillance)", durationMinutes: 480, sortOrder: 2,
    description: "A full day of professional surveillance of your partner's movements and activities.",
    features: ["8-hour partner surveillance", "Photo and video evidence", "Location tracking", "Activity documentation", "Comprehensive report"],
  },
  {
    id: "infidelity", kind: "package", name: "Infidelity Investigation", price: "695.00", unit: "once",
    duration: "3 days (72-hour)", durationMinutes: 4320, isPopular: true, sortOrder: 3,
    description: "Our most requested investigation: three days of surveillance to establish the facts.",
    features: ["3-day surveillance", "HD photo/video evidence", "GPS tracking", "Detailed timeline", "Full report"],
  },
  {
    id: "fullcheating", kind: "package", name: "Full Cheating Investigation", price: "1295.00", unit: "once",
    duration: "2 weeks", durationMinutes: 20160, sortOrder: 4,
    description: "A two-week investigation with multiple teams for complex or long-running situations.",
    features: ["2-week surveillance", "Multiple teams", "Complete evidence package", "Legal-ready documentation", "Full report"],
  },
  {
    id: "hourly", kind: "package", name: "Hourly Surveillance", price: "85.00", unit: "hour", minimumUnits: 4,
    duration: "Hourly (4-hour minimum)", durationMinutes: 240, sortOrder: 5,
    description: "Flexible surveillance by the hour for specific times and places.",
    features: ["Professional surveillance", "Real-time updates", "Photo documentation", "GPS tracking", "Hourly reports"],
  },
  {
    id: "ongoing", kind: "package", name: "Ongoing Monitoring", price: "395.00", unit: "month",
    duration: "Monthly", durationMinutes: 60, sortOrder: 6,
    description: "Continuous monitoring with weekly reporting for situations that need watching over time.",
    features: ["Continuous surveillance", "Weekly reports", "Photo/video evidence", "GPS tracking", "Priority support"],
  },
  {
    id: "vehicle-tracking-day", kind: "tracking", name: "Vehicle Tracking (GPS)", price: "100.00", unit: "day",
    sortOrder: 7, description: "Real-time GPS tracking of a vehicle you own or are authorised to track.",
    features: ["Real-time location", "Route history", "Stop reports"],
  },
  {
    id: "vehicle-tracking-week", kind: "tracking", name: "Vehicle Tracking (GPS), weekly", price: "450.00", unit: "week",
    sortOrder: 8, description: "A week of GPS vehicle tracking at a reduced rate.",
    features: ["Real-time location", "Route history", "Weekly summary"],
  },
  {
    id: "combined-hourly", kind: "combined", name: "Combined Surveillance & Tracking", price: "125.00", unit: "hour",
    sortOrder: 9, description: "On-the-ground surveillance together with GPS tracking.",
    features: ["Surveillance team", "GPS tracking", "Live updates"],
  },
  {
    id: "combined-daily-max", kind: "combined", name: "Combined daily maximum", price: "450.00", unit: "day",
    sortOrder: 10, description: "The most you pay for combined surveillance and tracking in one day.", features: [],
  },
  { id: "volume-1-3-days", kind: "volume", name: "1-3 days", price: "0.00", unit: "percent", sortOrder: 11, description: "Standard rate", features: [] },
  { id: "volume-4-7-days", kind: "volume", name: "4-7 days", price: "10.00", unit: "percent", sortOrder: 12, description: "10% off", features: [] },
  { id: "volume-1-2-weeks", kind: "volume", name: "1-2 weeks", price: "15.00", unit: "percent", sortOrder: 13, description: "15% off", features: [] },
  { id: "volume-2-weeks-plus", kind: "volume", name: "2+ weeks", price: "20.00", unit: "percent", sortOrder: 14, description: "20% off", features: [] },
];
