// The playground's example: 24 sentences in 6 topics, written so that meaning and shared words disagree. Within a
// topic the sentences say related things in different words ("a kitten dozed", "the cat slept"); across topics they
// share words in other senses ("stock" of bones and of shares, the "cold" of the weather and of a patient, a river
// "bank"). A model that reads meaning groups them by topic; word overlap pairs the false friends.

import type { InputRow } from './inputs'

const TOPICS: Record<string, string[]> = {
  animals: [
    'The cat slept in the warm sun on the windowsill.',
    'A kitten dozed on the sofa all afternoon.',
    'My dog loves chasing a ball in the park.',
    'The puppy wagged its tail at the vet.',
  ],
  finance: [
    'The central bank raised interest rates again.',
    'Shares fell sharply when the market opened.',
    'Prices continue to rise as inflation grows.',
    'Investors sold the stock after a weak earnings report.',
  ],
  food: [
    'We bought fresh tomatoes and basil at the market.',
    'Boil the bones for hours to make a rich stock.',
    'Leave the dough somewhere warm until it starts to rise.',
    'Season the soup with salt and a little pepper.',
  ],
  weather: [
    'Tomorrow will be warm, with sun and a light breeze.',
    'A storm brought thunder and heavy rain overnight.',
    'The temperature dropped below freezing this morning.',
    'A cold wind blew snow across the mountain roads.',
  ],
  health: [
    'She caught a cold and stayed in bed with a fever.',
    'The nurse checked his pulse and temperature.',
    'The doctor prescribed antibiotics for the infection.',
    'Regular exercise lowers blood pressure.',
  ],
  travel: [
    'Our flight was delayed by the storm.',
    'We walked along the river bank to our hotel.',
    'The holiday season filled every train and flight.',
    'Remember to renew your passport before the trip.',
  ],
}

export const EXAMPLE_INPUTS: InputRow[] = Object.entries(TOPICS).flatMap(([label, texts]) =>
  texts.map((text) => ({ text, label })),
)
