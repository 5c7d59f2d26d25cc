/** The props of a controlled input: the value it shows, the change it reports, its test id (its parts' prefix). */
export interface ControlProps<T> {
  value: T;
  onChange: (value: T) => void;
  testId: string;
}
