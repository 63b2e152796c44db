import { Description } from "@tooltype/core";

/** One book of the catalogue. */
export interface Book {
  isbn: string;
  title: string;
  author: string;
  year: number;
}

const catalogue: readonly Book[] = [
  { isbn: "978-0441478125", title: "The Left Hand of Darkness", author: "Ursula K. Le Guin", year: 1969 },
  { isbn: "978-0061054884", title: "The Dispossessed", author: "Ursula K. Le Guin", year: 1974 },
  { isbn: "978-0547773742", title: "A Wizard of Earthsea", author: "Ursula K. Le Guin", year: 1968 },
  { isbn: "978-0441172719", title: "Dune", author: "Frank Herbert", year: 1965 },
];

/** A small library whose methods are tools: finding books is harmless, reserving one needs the user's approval. */
export class Library {
  /** ISBNs reserved so far (what the approval protects). */
  readonly reservations: string[] = [];

  /**
   * @param author the author's name or part of it, e.g. "Le Guin"
   * @param limit the most books to return
   */
  @Description("Find books in the library by author.")
  findBooks(author: string, limit = 3): Book[] {
    const wanted = author.trim().toLowerCase();
    return catalogue.filter((book) => book.author.toLowerCase().includes(wanted)).slice(0, limit);
  }

  /** @param isbn the ISBN of the book, as findBooks returned it */
  @Description("Reserve a book for the user.")
  reserve(isbn: string): string {
    const book = catalogue.find((b) => b.isbn === isbn);
    // A thrown error goes back to the model as an error result (is_error: true), so it can correct itself.
    if (book === undefined) throw new Error(`No book with ISBN ${isbn}: use an ISBN that findBooks returned.`);
    this.reservations.push(isbn);
    return `Reserved "${book.title}" (${book.year}). Pick it up within a week.`;
  }
}
