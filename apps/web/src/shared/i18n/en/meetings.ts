/** Issue 13 (networking): this part's texts, console and participant app. */
export default {};
