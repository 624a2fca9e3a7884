! early_return: RETURN in an elemental function (inside an if block), in an
! element-wise kernel, and in a stencil kernel guarded by a scalar
! condition (assigning its output first), next to a WHERE on a temporary.
module early_return
  use forocl_regions
  implicit none
contains

  pure elemental real function clipped_ratio(a, b) result(r)
    real, intent(in) :: a, b
    r = 0.0
    if (abs(b) < 1.0e-6) return
    r = a / b
    if (r > 2.0) then
      r = 2.0
      return
    end if
    r = max(r, -2.0)
  end function clipped_ratio

  pure elemental subroutine safe_divide(x, y, q, flag)
    real, intent(in) :: x, y
    real, intent(out) :: q, flag
    q = 0.0
    flag = 1.0
    if (y == 0.0) return
    q = x / y
    flag = 0.0
  end subroutine safe_divide

  subroutine limited_step(c, A, B, oA)
  !$OFP PURE, KERNEL :: limited_step
    real, intent(in) :: c
    real, dimension(:,:), contiguous, intent(in) :: A, B
    real, dimension(:,:), contiguous, intent(out), target :: oA
    real, pointer, dimension(:,:) :: p
    real, allocatable, dimension(:,:) :: R
    p => region_ptr(oA, [1,1,1,1])
    p = region_cpy(A,[1,1,1,1])
    if (c <= 0.0) return
    R = clipped_ratio(region_cpy(A,[2,0,1,1]) - region_cpy(A,[1,1,1,1]), &
                      region_cpy(B,[1,1,1,1]) - region_cpy(B,[0,2,1,1]))
    where (R > 0.0)
      p = region_cpy(A,[1,1,1,1]) + c*R
    elsewhere
      p = region_cpy(A,[1,1,1,1]) - c*R*R
    end where
  end subroutine limited_step

end module early_return
