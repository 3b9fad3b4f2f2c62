import { ArrowLeft, Bath, Sofa } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

const tools = [
  {
    to: paths.furnishing,
    icon: Sofa,
    title: 'Furnishing & Decorating',
    body: 'Any room: new furniture, decor, colour and mood. Add photos of pieces you love and say where they go.',
  },
  {
    to: paths.kitchenBathroom,
    icon: Bath,
    title: 'Kitchen & Bathroom',
    body: 'Finishes, cabinetry, tile and fixtures in a kitchen, bathroom, laundry, mudroom or powder room.',
  },
];

export function Component() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <Button asChild variant="ghost" size="sm">
        <Link to={paths.home}>
          <ArrowLeft className="size-4" aria-hidden /> Back to Home
        </Link>
      </Button>
      <h1 className="mt-4 text-center text-3xl font-extrabold">What would you like to design?</h1>
      <div className="mt-8 grid gap-6 md:grid-cols-2">
        {tools.map(({ to, icon: Icon, title, body }) => (
          <Link
            key={to}
            to={to}
            className="group rounded-2xl border-2 border-slate-200 bg-white p-8 shadow-sm transition hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <Icon className="size-10 text-brand-700" aria-hidden />
            <h2 className="mt-4 text-2xl font-extrabold group-hover:text-brand-800">{title}</h2>
            <p className="mt-2 text-slate-700">{body}</p>
          </Link>
        ))}
      </div>
    </div>
  );
}
