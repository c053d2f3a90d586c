/** Issue 15 (gamification): this part's texts. */
export default {};
