import { createFakerHelpers } from './faker-helpers.js'
import { FAKER_POOLS } from './faker-pools.js'
import { createMersenneTwister } from './mersenne-twister.js'

const {
  adjectives,
  catchPhraseAdjectives,
  catchPhraseDescriptors,
  catchPhraseNouns,
  companyNamePatterns,
  firstNames,
  lastNamePatterns,
  lastNames,
  legalEntityTypes,
  nouns,
} = FAKER_POOLS

/** A `{{name}}` of a faker pattern. */
const PLACEHOLDER = /{{([a-z][\w.]*)}}/

/**
 * The faker methods the mock's factories call, with faker 10's English output for the same seed
 * (test/mock/create-faker.test.ts compares them with faker itself): faker's data without faker's
 * ~450 kB in a browser bundle (issue 9).
 */
export const createFaker = (seed: number) => {
  const twister = createMersenneTwister(seed)
  const helpers = createFakerHelpers(twister)
  const { arrayElement, int } = helpers
  /** person.sexType(): faker picks a list by it even when a locale has one list for both. */
  const sexType = () => arrayElement(['female', 'male'] as const)
  const firstName = () => {
    const own = firstNames[sexType()]
    const list = helpers.weightedArrayElement([
      { weight: 3 * Math.sqrt(own.length), value: own },
      { weight: Math.sqrt(firstNames.generic.length), value: firstNames.generic },
    ])
    return arrayElement(list)
  }
  /** helpers.fake: fills each placeholder in turn, left to right. */
  const fill = (pattern: string): string => {
    let text = pattern
    for (let match = PLACEHOLDER.exec(text); match; match = PLACEHOLDER.exec(text)) {
      const value = expand(match[1] ?? '')
      text = text.replace(match[0], () => value)
    }
    return text
  }
  const lastName = () => {
    sexType() // English has one list of last-name patterns; faker draws the sex all the same
    return fill(helpers.weightedArrayElement(lastNamePatterns))
  }
  /** The placeholders of the English patterns the mock draws from. */
  const expand = (name: string): string => {
    switch (name) {
      case 'person.lastName':
        return lastName()
      case 'person.last_name.generic':
        return arrayElement(lastNames)
      case 'company.legal_entity_type':
        return arrayElement(legalEntityTypes)
      default:
        throw new RangeError(`{{${name}}} is not in the pools`) // the pools changed: a bug of ours
    }
  }
  return {
    /** Where the faker is in its stream, to go back to (`load`): see `createMersenneTwister`. */
    save: twister.save,
    load: twister.load,
    helpers,
    company: {
      name: () => fill(arrayElement(companyNamePatterns)),
      catchPhrase: () =>
        [catchPhraseAdjectives, catchPhraseDescriptors, catchPhraseNouns]
          .map((list) => arrayElement(list))
          .join(' '),
    },
    word: {
      adjective: () => arrayElement(adjectives),
      noun: () => arrayElement(nouns),
    },
    internet: {
      /** internet.username(); the pools' names are ASCII, on which faker's transliteration is the identity. */
      username: () => {
        const first = firstName()
        const last = lastName()
        const separator = arrayElement(['.', '_'])
        const number = int({ max: 99 })
        const name = arrayElement([
          `${first}${separator}${last}${number}`,
          `${first}${separator}${last}`,
          `${first}${number}`,
        ])
        return name.replaceAll("'", '').replaceAll(' ', '')
      },
      port: () => int({ min: 1, max: 65535 }),
    },
    system: {
      semver: () => [int({ max: 9 }), int({ max: 20 }), int({ max: 20 })].join('.'),
    },
  }
}

/** The seeded data source of one session. */
export type MockFaker = ReturnType<typeof createFaker>
