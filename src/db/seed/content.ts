/** The texts of the public pages as first shipped (docs/product.md#pages); the owner edits them later. */
import type { Content, ContentId } from "../../shared/content";

export const seedContentTitles: Record<ContentId, string> = {
  "site.promo": "Shop promotion banner (home page)",
  "site.disclaimer": "Footer disclaimer",
  "home.hero": "Home: hero",
  "home.features": "Home: feature block",
  "home.cta": "Home: Ready to Get Started",
  "home.stats": "Home: statistics",
  "home.packages": "Home: package price grid",
  "home.payment-plans": "Home: payment plans",
  "services.hero": "Services: hero",
  "services.combined": "Services: combined surveillance & tracking",
  "services.why": "Services: why choose us",
  "about.intro": "About: introduction",
  "about.story": "About: our story",
  "about.process": "About: our process",
  "about.credentials": "About: credentials",
  "about.testimonials": "About: client testimonials",
  "about.legal": "About: legal compliance notice",
  "contact.hero": "Contact: hero",
  "contact.details": "Contact: details block",
  "contact.privacy": "Contact: privacy guarantee",
  "contact.areas": "Contact: service areas",
  "contact.faq": "Contact: frequently asked questions",
  "shop.hero": "Shop: heading and sign-in banner",
  "shop.info": "Shop: info tiles",
  "shop.shipping": "Product page: shipping box",
};

export const seedContent: Content = {
  "site.promo": {
    // No bulk discount: the shop has none (decision 083). A site still holding the old text reads it as this one (promised-percents.ts).
    text: "New in our shop: OSINT tools and professional surveillance equipment.",
    linkLabel: "Visit the shop",
  },
  "site.disclaimer": {
    text: "Our reports are provided for personal reassurance only. Where you need legal-grade evidence, we connect you with licensed partner investigators.",
  },
  "home.hero": {
    eyebrow: "Confidential investigations in Adelaide",
    title: "Find out the truth, discreetly",
    subtitle:
      "Partner surveillance and infidelity investigations across Adelaide and South Australia. Photo and video evidence, GPS tracking and clear reports, handled in complete confidence.",
    promo: "{newClientDiscount}% off for new clients, and a further {cryptoDiscount}% off when you pay in cryptocurrency.",
    primaryCta: "View Our Services",
    secondaryCta: "Free Consultation",
  },
  "home.features": {
    items: [
      {
        title: "Discreet Surveillance",
        text: "Experienced investigators who blend in. Your partner will never know we were there.",
      },
      {
        title: "Photo & Video Proof",
        text: "Time-stamped HD photos and video, so you have facts rather than suspicions.",
      },
      {
        title: "Quick Results",
        text: "Most infidelity cases are resolved within 48-72 hours of starting surveillance.",
      },
    ],
  },
  "home.cta": {
    title: "Ready to Get Started?",
    text: "Every enquiry is confidential. Tell us what is happening and we will suggest the right approach, with no obligation.",
    linkLabel: "Talk to an investigator",
    buttonLabel: "View Services",
  },
  "home.stats": {
    items: [
      { value: "500+", label: "Cases completed" },
      { value: "48-72h", label: "Typical time to results" },
      { value: "24/7", label: "Availability" },
      { value: "100%", label: "Confidential" },
    ],
  },
  "home.packages": {
    title: "Investigation Packages",
    subtitle: "Clear, fixed prices. New clients receive an introductory discount on their first service.",
    buttonLabel: "View All Services",
  },
  "home.payment-plans": {
    title: "Interest-free payment plans",
    text: "Split a larger booking into 2, 3 or 4 payments: when you pay, we show the plans it can have. No credit check, 0% interest.",
  },
  "services.hero": {
    title: "Infidelity Investigation Services",
    subtitle: "Professional, discreet surveillance packages for people who need to know. Choose a package to see the payment options.",
    cryptoNotice: "Pay in cryptocurrency for a further {cryptoDiscount}% off and extra privacy: nothing appears on your bank or card statement.",
  },
  "services.combined": {
    title: "Combined Surveillance & Tracking",
    text: "Pair on-the-ground surveillance with GPS vehicle tracking for the most complete picture. Longer engagements receive volume discounts.",
  },
  "services.why": {
    title: "Why Choose Us",
    items: [
      {
        title: "Complete Discretion",
        text: "Unmarked vehicles, encrypted communication and strict confidentiality at every step.",
      },
      {
        title: "Professional Results",
        text: "Clear, time-stamped evidence and a written report you can rely on.",
      },
      {
        title: "Flexible Timing",
        text: "We work 24/7, including evenings and weekends, with an emergency response when you need it.",
      },
    ],
  },
  "about.intro": {
    title: "About Us",
    text: "We are an Adelaide-based team of investigators who help people find the truth about their relationships, with discretion and respect.",
  },
  "about.story": {
    title: "Our Story",
    paragraphs: [
      "We started because too many people were left wondering, unable to get straight answers. Our founders saw how much uncertainty costs, emotionally and financially.",
      "Since then we have completed more than 500 cases across Adelaide and regional South Australia, most of them resolved within 48-72 hours.",
    ],
  },
  "about.process": {
    title: "Our Process",
    steps: [
      { title: "Initial Consultation", text: "A confidential conversation about your situation and what you need to know." },
      { title: "Investigation Plan", text: "We design a plan around your partner's routine, your budget and your timeline." },
      { title: "Partner Surveillance", text: "Discreet surveillance, photo and video documentation and, where lawful, GPS tracking." },
      { title: "Report Delivery", text: "A clear report with a timeline and evidence, delivered securely to you alone." },
    ],
  },
  "about.credentials": {
    title: "Credentials",
    items: [
      { title: "Licensed Professionals", text: "Investigators with law-enforcement backgrounds and current licences." },
      { title: "Certified Operations", text: "Our methods follow industry standards and Australian privacy and surveillance law." },
      { title: "Expert Network", text: "Access to licensed partner investigators, forensic specialists and legal referrals." },
    ],
  },
  "about.testimonials": {
    title: "What Our Clients Say",
    items: [
      { client: "Client #1047", initials: "S.M.", quote: "I finally had answers after months of doubt. Professional, fast and completely discreet." },
      { client: "Client #1183", initials: "J.T.", quote: "They kept me informed the whole time and the report was clear. I knew exactly where I stood." },
      { client: "Client #1256", initials: "R.K.", quote: "Compassionate and thorough. I could not have asked for a more respectful team." },
    ],
  },
  "about.legal": {
    title: "Legal Compliance Notice",
    text: "All investigations are conducted in accordance with South Australian and Commonwealth law, including the Surveillance Devices Act 2016 (SA) and the Privacy Act 1988. We do not intercept communications, access devices without consent or enter private property. Reports are for personal reassurance; for legal-grade evidence we refer clients to licensed partner investigators.",
  },
  "contact.hero": {
    title: "Contact Us in Complete Confidentiality",
    subtitle: "Everything you tell us stays between you and your investigator. We respond within 2 hours.",
  },
  "contact.details": {
    title: "Get in Touch",
    responseNote: "We respond within 2 hours.",
  },
  "contact.privacy": {
    title: "Privacy Guarantee",
    text: "All consultations are strictly private. We never share your details, never contact you in a way you have not approved and never leave traces on shared devices or accounts.",
  },
  "contact.areas": {
    title: "Service Areas",
    items: [
      "Adelaide metropolitan area",
      "Greater Adelaide region",
      "Regional South Australia",
      "Barossa Valley and Adelaide Hills",
      "Fleurieu Peninsula and Riverland",
    ],
  },
  "contact.faq": {
    title: "Frequently Asked Questions",
    items: [
      {
        question: "How quickly can you start?",
        answer: "Most investigations start within 24-48 hours. Same-day emergency starts are available for an extra fee.",
      },
      {
        question: "Will my partner find out?",
        answer: "No. Confidentiality is the core of our work: unmarked vehicles, encrypted communication and contact only on your terms.",
      },
      {
        question: "Where do you operate?",
        answer:
          "We cover Adelaide and the Greater Adelaide region, regional South Australia, the Barossa Valley and Adelaide Hills, the Fleurieu Peninsula and the Riverland.",
      },
      {
        question: "How can I pay?",
        answer: "We accept {paymentMethods}. Interest-free payment plans are available.",
      },
    ],
  },
  "shop.hero": {
    title: "Equipment Shop",
    subtitle: "Professional investigation and surveillance equipment, chosen by working investigators and shipped discreetly across Australia.",
    loginNotice: "Please log in to purchase. Browse freely; sign in or create an account to add equipment to your cart.",
  },
  "shop.info": {
    items: [
      { title: "Discreet Shipping", text: "Plain, unbranded packaging with nothing on the label about what is inside." },
      { title: "Professional Grade", text: "Equipment tested in the field by licensed investigators before it joins our range." },
      { title: "Expert Support", text: "Questions about setting up or lawfully using your equipment? Our team answers within 2 hours." },
    ],
  },
  "shop.shipping": {
    title: "Shipping & Handling",
    items: [
      { title: "Discreet packaging", text: "Plain, unbranded box; the sender name does not mention surveillance or investigations." },
      { title: "Processing time", text: "Orders are processed within 1-2 business days." },
      { title: "Secure payment", text: "Encrypted checkout: pay by {paymentMethods}." },
    ],
  },
};
