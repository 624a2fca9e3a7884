! ASSOCIATE blocks and vector subscripts of constructors in loop kernels
! (Notes [associate] and [vector subscripts of constructors] in sema), as
! modern-fortran/tsunami's reflective_boundary writes its boundaries.

module loop_associate_walls
  implicit none
contains

! Reflective walls: the first and last rows and columns of u and v are
! zero, h copies its neighbours inside; the bounds of each array through
! ASSOCIATE.
!$OFP PURE, KERNEL :: walls
subroutine walls(u, v, h)
  real, intent(inout) :: u(:,:), v(:,:), h(:,:)
  associate(ims => lbound(u, dim=1), ime => ubound(u, dim=1), &
            jms => lbound(u, dim=2), jme => ubound(u, dim=2))
    u([ims, ime], :) = 0
    u(:, [jms, jme]) = 0
  end associate
  associate(ims => lbound(v, dim=1), ime => ubound(v, dim=1))
    v([ims, ime], :) = 0
    associate(jms => lbound(v, dim=2), jme => ubound(v, dim=2))
      v(:, [jms, jme]) = 0
    end associate
  end associate
  associate(ims => lbound(h, dim=1), ime => ubound(h, dim=1), &
            jms => lbound(h, dim=2), jme => ubound(h, dim=2))
    h([ims, ime], :) = h([ims+1, ime-1], :)
    h(:, [jms, jme]) = h(:, [jms+1, jme-1])
  end associate
end subroutine walls
end module loop_associate_walls

! A swap of two columns through vector subscripts (each reads what the
! other writes: both go through temporaries), ASSOCIATEs of a section
! used whole, of expressions and of an element, nested.
!$OFP PURE, KERNEL :: swap_ends
subroutine swap_ends(n, m, c, a)
  implicit none
  integer, intent(in) :: n, m
  real, intent(in) :: c
  real, intent(inout) :: a(n, m)
  a(:, [1, m]) = a(:, [m, 1])
  associate (inner => a(2:n-1, 2:m-1), s => 2*c)
    associate (t => s + 1.0)
      inner = t*inner
    end associate
  end associate
  ! An element as selector is an alias: the block may assign its array.
  associate (corner => a(1, 1))
    associate (corner => corner + c)
      a(2:n, 1) = a(2:n, 1) + corner
    end associate
  end associate
end subroutine swap_ends
