// parse-prometheus-text-format ships no types: what the metrics test uses of it.
declare module 'parse-prometheus-text-format' {
  export default function parsePrometheusTextFormat(text: string): unknown[];
}
