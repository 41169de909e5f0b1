// A small pipelined texel-fetch unit, written for the DPI-C testbench: D3D `ld` on a 2D
// R8G8B8A8_UINT surface of one level held in an internal memory (D3D11.3 §22.4.6, ld).
// Three stages: offset + bounds check, memory read, unpack. One request per cycle.
module fetch_unit #(
    parameter int LOG2_W = 5,
    parameter int LOG2_H = 4
) (
    input  logic                     clk,
    input  logic                     rst,
    // Loading port: texel words (R in bits 7:0 .. A in 31:24), row-major.
    input  logic                     wr_en,
    input  logic [LOG2_W+LOG2_H-1:0] wr_addr,
    input  logic [31:0]              wr_data,
    // Requests: unsigned texel coordinates (bit patterns) and 4-bit signed immediate offsets.
    input  logic                     in_valid,
    input  logic [31:0]              in_x,
    input  logic [31:0]              in_y,
    input  logic [3:0]               in_off_x,
    input  logic [3:0]               in_off_y,
    // The mutation of the testbench's self-test: offsets zero- instead of sign-extended.
    input  logic                     bug,
    // Results three cycles later: the channels as UINT words, and whether it was in bounds.
    output logic                     out_valid,
    output logic [31:0]              out_r,
    output logic [31:0]              out_g,
    output logic [31:0]              out_b,
    output logic [31:0]              out_a,
    output logic                     out_in_bounds
);
  localparam int W = 1 << LOG2_W;
  localparam int H = 1 << LOG2_H;

  logic [31:0] mem[W*H];

  // Stage 1: offsets are added in 32-bit unsigned arithmetic before the bounds check, so a
  // negative offset wraps a coordinate of 0 to 0xffffffff (out of bounds).
  wire [31:0] ext_x = bug ? {28'b0, in_off_x} : {{28{in_off_x[3]}}, in_off_x};
  wire [31:0] ext_y = bug ? {28'b0, in_off_y} : {{28{in_off_y[3]}}, in_off_y};
  wire [31:0] ax = in_x + ext_x;
  wire [31:0] ay = in_y + ext_y;
  logic s1_valid, s1_in;
  logic [LOG2_W+LOG2_H-1:0] s1_addr;
  always_ff @(posedge clk) begin
    s1_valid <= rst ? 1'b0 : in_valid;
    s1_in <= (ax < W) && (ay < H);
    s1_addr <= {ay[LOG2_H-1:0], ax[LOG2_W-1:0]};
  end

  // Stage 2: the memory read.
  logic s2_valid, s2_in;
  logic [31:0] s2_texel;
  always_ff @(posedge clk) begin
    s2_valid <= rst ? 1'b0 : s1_valid;
    s2_in <= s1_in;
    s2_texel <= mem[s1_addr];
    if (wr_en) mem[wr_addr] <= wr_data;
  end

  // Stage 3: unpack. Out of bounds: 0 in every component (all four are present in RGBA).
  always_ff @(posedge clk) begin
    out_valid <= rst ? 1'b0 : s2_valid;
    out_in_bounds <= s2_in;
    out_r <= s2_in ? {24'b0, s2_texel[7:0]} : 32'b0;
    out_g <= s2_in ? {24'b0, s2_texel[15:8]} : 32'b0;
    out_b <= s2_in ? {24'b0, s2_texel[23:16]} : 32'b0;
    out_a <= s2_in ? {24'b0, s2_texel[31:24]} : 32'b0;
  end
endmodule
