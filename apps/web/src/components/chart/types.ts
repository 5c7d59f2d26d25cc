export interface ProductChartProps {
  symbol: string;
  /** Decimals of the product's prices (axis, legend). */
  pricePrecision: number;
}
