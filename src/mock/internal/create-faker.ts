import type { Faker } from '@faker-js/faker'
import { faker as englishFaker } from '@faker-js/faker/locale/en'

// The package root loads every locale (+~100 ms, +35 MB at start-up); the English entry point
// exports only a ready instance, so its constructor makes the independent seeded instances.
const FakerClass = englishFaker.constructor as typeof Faker

/** An independent faker with the English locale, seeded, with a fixed reference date. */
export const createFaker = (seed: number, refDate: number): Faker => {
  const faker = new FakerClass({ locale: englishFaker.rawDefinitions, seed })
  faker.setDefaultRefDate(refDate) // or faker's dates drift with the wall clock
  return faker
}
