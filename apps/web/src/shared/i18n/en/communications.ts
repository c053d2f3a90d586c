/** Issue 14 (communications): this part's texts. */
export default {};
