#!/usr/bin/env bash
# Generates the project's own illustrative images: the category fallbacks (public/images/fallback/) and one
# picture per seeded publication and obituary (public/images/seed/). Abstract compositions (a gradient, a motif,
# a short label), 800x450 WebP (480x480 for obituary portraits), each well under 40 KB.
# Needs ImageMagick 6 with WebP support and the DejaVu fonts: apt-get install -y imagemagick webp fonts-dejavu-core
# Then scripts/make-seed-renditions.ts turns each seed picture into its folder of renditions (needs npm install).
# The output is committed; rerun only to change the pictures.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
fallback_dir="$root/public/images/fallback"
seed_dir="$root/public/images/seed"
mkdir -p "$fallback_dir" "$seed_dir"

if ! convert -version 2>/dev/null | grep -q ImageMagick; then
  echo "ImageMagick is required: apt-get install -y imagemagick webp" >&2
  exit 1
fi

font=DejaVu-Sans-Bold
W=800
H=450

# Appends the motif's ImageMagick options (-fill/-stroke/-draw) for an 800x450 canvas to the array `args`.
# add FORMAT ARGS...: formats one option string; a "|" separates options, so draw primitives keep their spaces.
add() {
  local text part parts
  # shellcheck disable=SC2059
  text=$(printf -- "$@")
  IFS='|' read -r -a parts <<<"$text"
  for part in "${parts[@]}"; do
    [ -n "$part" ] && args+=("${part% }")
  done
}

motif() {
  local kind=$1 accent=$2
  case "$kind" in
    river) # three sine waves across the lower half
      for offset in 250 300 350; do
        local points
        points=$(awk -v o="$offset" 'BEGIN { for (x = 0; x <= 800; x += 20) printf "%d,%d ", x, o + 22 * sin(x / 70 + o) }')
        add "-fill|none|-stroke|%s|-strokewidth|10|-draw|stroke-linejoin round stroke-linecap round polyline %s|" "$accent" "$points"
      done ;;
    vessels) # vases: body ellipse, neck and lip
      for x in 170 400 630; do
        add "-fill|%s|-stroke|none|-draw|ellipse %d,250 80,95 0,360|" "$accent" "$x"
        add "-draw|rectangle %d,110 %d,170|" $((x - 28)) $((x + 28))
        add "-draw|ellipse %d,110 45,14 0,360|" "$x"
      done ;;
    lights) # scattered stars and a tree outline
      add "-fill|none|-stroke|%s|-strokewidth|8|-draw|stroke-linejoin round stroke-linecap round polyline 400,60 250,360 550,360 400,60|" "$accent"
      for point in 120,90 210,200 640,120 700,260 560,60 330,120 470,210 90,300 740,380; do
        add "-fill|%s|-stroke|none|-draw|circle %s %d,%d|" "$accent" "$point" "${point%,*}" $(( ${point#*,} + 9 ))
      done ;;
    road) # perspective road with dashes
      add "-fill|%s|-stroke|none|-draw|polygon 300,450 500,450 430,180 370,180|" "$accent"
      add "-fill|white|-draw|rectangle 396,400 404,440|-draw|rectangle 397,320 403,360|-draw|rectangle 398,250 402,280|" ;;
    arches) # station arches
      for x in 130 330 530; do
        add "-fill|none|-stroke|%s|-strokewidth|14|-draw|arc %d,120 %d,380 180,360|-draw|line %d,250 %d,420|-draw|line %d,250 %d,420|" \
          "$accent" "$x" $((x + 140)) "$x" "$x" $((x + 140)) $((x + 140))
      done ;;
    columns) # civic building: pediment and columns
      add "-fill|%s|-stroke|none|-draw|polygon 200,150 400,70 600,150|-draw|rectangle 200,360 600,380|" "$accent"
      for x in 230 310 390 470 550; do add "-draw|rectangle %d,170 %d,350|" "$x" $((x + 22)); done ;;
    bars) # rising bar chart
      local i=0
      for height in 90 140 120 200 240 300; do
        add "-fill|%s|-stroke|none|-draw|rectangle %d,%d %d,380|" "$accent" $((130 + i * 95)) $((380 - height)) $((190 + i * 95))
        i=$((i + 1))
      done ;;
    cross) # health cross and pulse line
      add "-fill|%s|-stroke|none|-draw|rectangle 360,90 440,330|-draw|rectangle 280,170 520,250|" "$accent"
      add "-fill|none|-stroke|%s|-strokewidth|8|-draw|stroke-linejoin round stroke-linecap round polyline 40,380 250,380 290,330 330,420 370,380 760,380|" "$accent" ;;
    ball) # ball and court lines
      add "-fill|none|-stroke|%s|-strokewidth|8|-draw|rectangle 60,60 740,390|-draw|line 400,60 400,390|-draw|circle 400,225 400,300|" "$accent"
      add "-fill|%s|-stroke|none|-draw|circle 560,170 560,215|" "$accent" ;;
    strings) # guitar strings and sound hole
      add "-fill|none|-stroke|%s|-strokewidth|14|-draw|circle 400,225 400,330|" "$accent"
      for y in 170 195 220 245 270 295; do add "-strokewidth|3|-draw|line 40,%d 760,%d|" "$y" "$y"; done ;;
    gears) # circuit-like gears
      add "-fill|none|-stroke|%s|-strokewidth|16|-draw|circle 300,225 300,320|-draw|circle 520,180 520,240|" "$accent"
      add "-strokewidth|8|-draw|line 400,225 760,225|-draw|line 40,300 200,300|-draw|line 520,240 520,400|" ;;
    signal) # wi-fi arcs
      for r in 60 120 180; do
        local arc
        arc=$(awk -v r="$r" 'BEGIN { for (a = 225; a <= 315; a += 5) printf "%d,%d ", 400 + r * cos(a * 3.14159 / 180), 330 + r * sin(a * 3.14159 / 180) }')
        add "-fill|none|-stroke|%s|-strokewidth|18|-draw|stroke-linejoin round stroke-linecap round polyline %s|" "$accent" "$arc"
      done
      add "-fill|%s|-stroke|none|-draw|circle 400,330 400,350|" "$accent" ;;
    book) # open book
      add "-fill|%s|-stroke|none|-draw|polygon 140,120 390,150 390,370 140,340|-draw|polygon 660,120 410,150 410,370 660,340|" "$accent" ;;
    bike) # two wheels
      add "-fill|none|-stroke|%s|-strokewidth|12|-draw|circle 260,280 260,370|-draw|circle 540,280 540,370|-draw|stroke-linejoin round stroke-linecap round polyline 260,280 360,170 480,170 540,280|-draw|line 360,170 400,280|" "$accent" ;;
    cart) # shop window with a vase
      add "-fill|none|-stroke|%s|-strokewidth|12|-draw|roundrectangle 180,90 620,380 24,24|" "$accent"
      add "-fill|%s|-stroke|none|-draw|ellipse 400,270 70,80 0,360|-draw|rectangle 375,150 425,200|" "$accent" ;;
    dots) # plain soft circles (default)
      for spec in 150,120,90 620,140,120 420,330,150 80,380,60; do
        IFS=, read -r cx cy r <<<"$spec"
        add "-fill|%s|-stroke|none|-draw|circle %d,%d %d,%d|" "$accent" "$cx" "$cy" "$cx" $((cy + r))
      done ;;
    *) echo "unknown motif $kind" >&2; exit 1 ;;
  esac
}

# landscape FILE FROM TO ACCENT MOTIF LABEL
landscape() {
  local file=$1 from=$2 to=$3 accent=$4 kind=$5 label=$6
  args=()
  motif "$kind" "$accent"
  convert -size "${W}x${H}" gradient:"$from"-"$to" "${args[@]}" \
    -fill 'rgba(0,0,0,0.45)' -stroke none -draw 'rectangle 0,382 800,450' \
    -font "$font" -pointsize 30 -fill white -gravity southwest -annotate +28+22 "$label" \
    -strip -quality 72 -define webp:method=6 "$file"
}

# portrait FILE FROM TO INITIALS: an abstract portrait placeholder (silhouette and initials), 480x480.
portrait() {
  local file=$1 from=$2 to=$3 initials=$4
  convert -size 480x480 gradient:"$from"-"$to" \
    -fill 'rgba(255,255,255,0.35)' -stroke none \
    -draw 'circle 240,190 240,275' -draw 'ellipse 240,480 170,150 180,360' \
    -font "$font" -pointsize 64 -fill white -gravity center -annotate +0-50 "$initials" \
    -strip -quality 72 -define webp:method=6 "$file"
}

# Category fallbacks (docs/product.md §16): default, economy, sports, health, politics, culture, technology, education.
landscape "$fallback_dir/default.webp"    '#0f3d5e' '#2f7d8c' 'rgba(255,255,255,0.16)' dots    'Porto Ferreira Notícias'
landscape "$fallback_dir/economy.webp"    '#14532d' '#4d7c0f' 'rgba(255,255,255,0.22)' bars    'Economia'
landscape "$fallback_dir/sports.webp"     '#9a3412' '#ea580c' 'rgba(255,255,255,0.25)' ball    'Esportes'
landscape "$fallback_dir/health.webp"     '#0e7490' '#14b8a6' 'rgba(255,255,255,0.28)' cross   'Saúde'
landscape "$fallback_dir/politics.webp"   '#1e3a8a' '#4f46e5' 'rgba(255,255,255,0.22)' columns 'Política'
landscape "$fallback_dir/culture.webp"    '#6b21a8' '#db2777' 'rgba(255,255,255,0.22)' strings 'Cultura'
landscape "$fallback_dir/technology.webp" '#111827' '#2563eb' 'rgba(96,165,250,0.45)'  gears   'Tecnologia'
landscape "$fallback_dir/education.webp"  '#92400e' '#f59e0b' 'rgba(255,255,255,0.3)'  book    'Educação'

# One picture per seeded publication (supabase/seed.sql).
landscape "$seed_dir/rio-mogi-guacu.webp"    '#0c4a6e' '#0891b2' 'rgba(255,255,255,0.3)'   river   'Rio Mogi-Guaçu'
landscape "$seed_dir/feira-ceramica.webp"    '#7c2d12' '#c2410c' 'rgba(254,215,170,0.55)'  vessels 'Feira de Cerâmica Artística'
landscape "$seed_dir/natal-ceramica.webp"    '#064e3b' '#166534' 'rgba(253,224,71,0.7)'    lights  'Natal na Praça da Matriz'
landscape "$seed_dir/recapeamento.webp"      '#374151' '#6b7280' 'rgba(17,24,39,0.75)'     road    'Recapeamento'
landscape "$seed_dir/estacao-cultural.webp"  '#78350f' '#b45309' 'rgba(255,237,213,0.5)'   arches  'Estação Cultural'
landscape "$seed_dir/camara-orcamento.webp"  '#1e3a8a' '#3b82f6' 'rgba(255,255,255,0.35)'  columns 'Orçamento 2027'
landscape "$seed_dir/polo-ceramico.webp"     '#7f1d1d' '#d97706' 'rgba(255,255,255,0.3)'   bars    'Polo cerâmico'
landscape "$seed_dir/vacinacao-dengue.webp"  '#115e59' '#2dd4bf' 'rgba(255,255,255,0.4)'   cross   'Vacinação'
landscape "$seed_dir/futsal-final.webp"      '#9a3412' '#f97316' 'rgba(255,255,255,0.35)'  ball    'Futsal sub-17'
landscape "$seed_dir/festival-viola.webp"    '#581c87' '#be185d' 'rgba(255,255,255,0.35)'  strings 'Festival de Viola'
landscape "$seed_dir/robotica-escolas.webp"  '#1f2937' '#0ea5e9' 'rgba(125,211,252,0.55)'  gears   'Robótica nas escolas'
landscape "$seed_dir/wifi-pracas.webp"       '#312e81' '#0284c7' 'rgba(255,255,255,0.45)'  signal  'Wi-Fi nas praças'
landscape "$seed_dir/ciclovia.webp"          '#365314' '#65a30d' 'rgba(255,255,255,0.45)'  bike    'Ciclovia'
landscape "$seed_dir/loja-virtual.webp"      '#7c2d12' '#ea580c' 'rgba(255,255,255,0.4)'   cart    'Loja virtual'

# Obituary portraits (placeholders, no real faces).
portrait "$seed_dir/obituario-maria-aparecida.webp"  '#475569' '#94a3b8' 'MA'
portrait "$seed_dir/obituario-antonio-benedito.webp" '#44403c' '#a8a29e' 'AB'

for file in "$fallback_dir"/*.webp "$seed_dir"/*.webp; do
  size=$(stat -c %s "$file")
  if [ "$size" -ge 40960 ]; then
    echo "$file is $size bytes (limit 40 KB)" >&2
    exit 1
  fi
done
# Each seed picture becomes a folder with its responsive renditions (src/lib/image-renditions.ts).
(cd "$root" && npx tsx scripts/make-seed-renditions.ts)
echo "Images written to public/images/fallback and public/images/seed"
