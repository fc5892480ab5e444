/**
 * The id of the block the app's server writes the deployment's settings into (`<script type="application/json">`). A
 * file of its own: the start-up needs only this, the chunks that use the settings also `readSettings`.
 *
 * @example
 * document.getElementById(SETTINGS_ELEMENT_ID)?.textContent
 */
export const SETTINGS_ELEMENT_ID = 'xdance-settings'
